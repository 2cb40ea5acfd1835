// Reading and writing fault trees: every fixture model reads; MEF written by relbench reads back to
// the same model and the same results; relbench JSON round-trips; malformed or unsupported files get a
// message naming the file, the line and the element.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  analyzeFaultTree,
  exportMef,
  FtaFormatError,
  type FtaModel,
  readFaultTreeFile,
  readFtaJson,
  readMef,
  writeFtaJson,
} from "../../../src/kernels/fta.ts";
import { scaledError } from "../../helpers/accuracy.ts";
import { OPENPSA, readOpenPsa } from "./fixtures.ts";

const aralia = readdirSync(join(OPENPSA, "aralia")).filter((f) => f.endsWith(".xml"));

describe("reading MEF", () => {
  it.each(aralia)("aralia/%s reads, top r1", (file) => {
    const model = readOpenPsa(`aralia/${file}`);
    const used = new Set(model.gates.flatMap((g) => g.inputs));
    expect(model.gates.filter((g) => !used.has(g.code)).map((g) => g.code)).toEqual(["r1"]);
  });

  it("private components are addressed by path (ThreeMotor's transfer t.E1)", () => {
    const model = readOpenPsa("scram-input/ThreeMotor/three_motor.xml");
    const e4 = model.gates.find((g) => g.code === "E4");
    expect(e4?.inputs).toContain("ThreeMotor.t.E1");
    // Inside the component, E2 means the component's own E2.
    expect(model.gates.find((g) => g.code === "ThreeMotor.t.E1")?.inputs).toEqual(["K1", "ThreeMotor.t.E2"]);
    expect(model.houseEvents.map((h) => [h.code, h.state])).toEqual([
      ["KT2", true],
      ["KT3", true],
      ["KT1", true],
    ]);
    expect(model.basicEvents.find((e) => e.code === "T3")?.undeveloped).toBe(true);
    expect(model.gates.find((g) => g.code === "E1")?.name).toBe("EMF applied to motor 2 for t > 60 sec");
  });

  it("follows xi:include and reads several files as one model", () => {
    const model = readOpenPsa("scram-input/TransTest/trans_one.xml");
    expect(model.gates.map((g) => [g.code, g.tree])).toEqual([
      ["TransOne", "TransOne"],
      ["TransTwo", "TransTwo"],
    ]);
    const two = readOpenPsa(
      "scram-input/Chinese/chinese.xml",
      "scram-input/Chinese/chinese-basic-events.xml",
    );
    expect(two.basicEvents).toHaveLength(25);
  });

  it("maps float, exponential and Weibull onto the spec's models, keeps other expressions", () => {
    const mixed = readOpenPsa("generated/gft-b100-s2-mixed.xml");
    const types = new Set(mixed.basicEvents.map((e) => e.distribution.type));
    expect([...types].sort()).toEqual([
      "exponential",
      "fixed",
      "lognormal",
      "normal",
      "weibull2p",
      "weibull3p",
    ]);
    const hipps = readOpenPsa("scram-input/HIPPS/HIPPS.xml");
    expect(hipps.basicEvents.find((e) => e.code === "PSH1Failure")?.distribution).toEqual({
      type: "mef",
      expression: {
        op: "periodic-test",
        args: [{ value: 7e-7 }, { value: 720 }, { value: 0 }, { missionTime: true }],
      },
    });
  });

  it("turns nested formulas into gates of their own", () => {
    const model = readMef({
      name: "nested.xml",
      text: `<opsa-mef><define-fault-tree name="T"><define-gate name="top"><or><and><basic-event name="a"/><basic-event name="b"/></and><not><basic-event name="c"/></not></or></define-gate></define-fault-tree>
      <model-data><define-basic-event name="a"><float value="0.1"/></define-basic-event><define-basic-event name="b"><float value="0.2"/></define-basic-event><define-basic-event name="c"><float value="0.3"/></define-basic-event></model-data></opsa-mef>`,
    });
    expect(model.gates.map((g) => [g.code, g.type, g.inputs])).toEqual([
      ["top~1", "and", ["a", "b"]],
      ["top~2", "not", ["c"]],
      ["top", "or", ["top~1", "top~2"]],
    ]);
  });

  const bad: Array<[string, string, RegExp]> = [
    [
      "unclosed element",
      '<opsa-mef>\n<define-fault-tree name="T">\n</opsa-mef>',
      /^bad\.xml:3 <define-fault-tree>: expected <\/define-fault-tree> \(opened at line 2\)/,
    ],
    [
      "undefined gate",
      '<opsa-mef>\n<define-fault-tree name="T">\n<define-gate name="g"><or><gate name="nowhere"/><basic-event name="a"/></or></define-gate>\n</define-fault-tree>\n</opsa-mef>',
      /^bad\.xml:3 <gate name="nowhere">: gate 'nowhere' is not defined$/,
    ],
    [
      "unsupported element",
      '<opsa-mef>\n<define-event-tree name="E"/>\n</opsa-mef>',
      /^bad\.xml:2 <define-event-tree name="E">: unsupported element <define-event-tree>/,
    ],
    [
      "not a number",
      '<opsa-mef>\n<model-data>\n<define-basic-event name="a">\n<float value="high"/>\n</define-basic-event>\n</model-data>\n</opsa-mef>',
      /^bad\.xml:4 <float>: value 'high' is not a number$/,
    ],
    ["wrong root", "<fault-tree/>", /^bad\.xml:1 <fault-tree>: not an Open-PSA MEF file/],
    [
      "duplicate definition",
      '<opsa-mef>\n<model-data>\n<define-basic-event name="a"><float value="0.1"/></define-basic-event>\n<define-basic-event name="a"><float value="0.2"/></define-basic-event>\n</model-data>\n</opsa-mef>',
      /^bad\.xml:4 <define-basic-event name="a">: 'a' is already defined \(line 3 of bad\.xml\)$/,
    ],
    [
      "wrong arity",
      '<opsa-mef>\n<model-data>\n<define-basic-event name="a">\n<exponential><float value="1e-3"/></exponential>\n</define-basic-event>\n</model-data>\n</opsa-mef>',
      /^bad\.xml:4 <exponential>: <exponential> takes 2 arguments, not 1$/,
    ],
    [
      "include without a resolver",
      '<opsa-mef xmlns:xi="x">\n<xi:include href="other.xml"/>\n</opsa-mef>',
      /^bad\.xml:2 <xi:include>: cannot read the included file 'other\.xml'$/,
    ],
  ];
  it.each(bad)("%s: a message with file, line and element", (_, text, message) => {
    let error: unknown;
    try {
      readMef({ name: "bad.xml", text });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FtaFormatError);
    expect((error as Error).message).toMatch(message);
  });
});

describe("writing MEF", () => {
  const cases: Array<[string, string[]]> = [
    ["chinese", ["aralia/chinese.xml"]],
    ["das9601 (NOT, XOR)", ["aralia/das9601.xml"]],
    ["ThreeMotor (house events, private component)", ["scram-input/ThreeMotor/three_motor.xml"]],
    ["HIPPS (periodic tests, GLM, voting)", ["scram-input/HIPPS/HIPPS.xml"]],
    ["SmallTree (parameters, lognormal deviates)", ["scram-input/SmallTree/SmallTree.xml"]],
    ["gft-b100-s2-mixed (all six failure models)", ["generated/gft-b100-s2-mixed.xml"]],
  ];
  it.each(cases)("%s reads back to the same results", async (_, files) => {
    const model = readOpenPsa(...files);
    const xml = await exportMef(model);
    const again = readMef({ name: "written.xml", text: xml });
    expect(again.gates.length).toBe(model.gates.length);
    expect(again.basicEvents.length).toBe(model.basicEvents.length);
    const a = await analyzeFaultTree(model, { importance: true, limitOrder: 6 });
    const b = await analyzeFaultTree(again, { importance: true, limitOrder: 6 });
    expect(b.cutSets.count).toBe(a.cutSets.count);
    expect(b.cutSets.byOrder).toEqual(a.cutSets.byOrder);
    expect(Math.abs((b.probability.exact as number) - (a.probability.exact as number))).toBeLessThanOrEqual(
      1e-15 * (a.probability.exact as number),
    );
  });

  it("escapes text and makes codes valid MEF names", async () => {
    const model: FtaModel = {
      format: "relbench-fta",
      version: 1,
      name: "Pump <A> & B",
      missionTime: 1000,
      gates: [
        {
          code: "G 1",
          name: 'Pump "fails" <to start>',
          remark: "see & check",
          type: "or",
          inputs: ["1E", "E.2"],
        },
      ],
      basicEvents: [
        { code: "1E", distribution: { type: "exponential", lambda: 1e-4, gamma: 100 } },
        { code: "E.2", distribution: { type: "weibull3p", beta: 1.5, eta: 2000, gamma: 10 } },
      ],
      houseEvents: [],
    };
    const xml = await exportMef(model);
    expect(xml).toContain('<define-gate name="G_1">');
    expect(xml).toContain("<label>Pump &quot;fails&quot; &lt;to start&gt;</label>");
    const again = readMef({ name: "x.xml", text: xml });
    expect(again.gates[0]).toMatchObject({
      code: "G_1",
      name: 'Pump "fails" <to start>',
      remark: "see & check",
      inputs: ["_1E", "E_2"],
    });
    // Exponential with a location shift is written as Weibull with shape 1.
    const a = await analyzeFaultTree(model);
    const b = await analyzeFaultTree({ ...again, missionTime: 1000 });
    expect(scaledError(b.probability.exact as number, a.probability.exact as number)).toBeLessThan(1e-14);
  });
});

describe("relbench JSON", () => {
  it("round-trips", () => {
    const model = readOpenPsa("scram-input/ThreeMotor/three_motor.xml");
    expect(readFtaJson(writeFtaJson(model))).toEqual(model);
    expect(readFaultTreeFile("m.json", writeFtaJson(model))).toEqual(model);
  });

  const bad: Array<[string, string, RegExp]> = [
    [
      "syntax",
      '{\n  "format": "relbench-fta",\n  "version": 1,\n  "gates": [,]\n}',
      /^m\.json:4: unexpected ','$/,
    ],
    ["format", '{ "format": "other" }', /^m\.json:1: not a relbench fault tree/],
    [
      "gate type",
      '{\n  "format": "relbench-fta", "version": 1,\n  "gates": [\n    { "code": "G1", "type": "and", "inputs": ["a", "b"] },\n    { "code": "G2", "type": "maybe", "inputs": [] }\n  ]\n}',
      /^m\.json:5 gate 'G2': 'type' must be one of/,
    ],
    [
      "distribution",
      '{\n  "format": "relbench-fta", "version": 1,\n  "basicEvents": [\n    { "code": "a",\n      "distribution": { "type": "weibull2", "p1": 100 } }\n  ]\n}',
      /^m\.json:5 basic event 'a': 'beta' must be a number$/,
    ],
  ];
  it.each(bad)("%s error names the line and the element", (_, text, message) => {
    expect(() => readFtaJson(text, "m.json")).toThrow(message);
  });
});
