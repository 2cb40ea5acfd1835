// Issue 16 points 2 and 6: a save in progress turns the save command off (palette, Ctrl+S, button), so a
// second press cannot send a second create; a set keeps one create key for its retries; the parameters are
// listed in one order whether the fit is fresh or read back from the database (jsonb sorts keys).
import { describe, expect, it } from "vitest";
import { lifeCommands } from "../../../../src/app/commands/life.ts";
import {
  type CommandContext,
  isAvailable,
  registerCommands,
  resolveShortcut,
} from "../../../../src/app/commands/registry.ts";
import { type LifeActions, lifeActions, lifeSaving } from "../../../../src/app/features/life/controller.ts";
import { LifeSet } from "../../../../src/app/features/life/model.ts";
import { parameterRows } from "../../../../src/app/features/life/ResultsView.tsx";
import type { LifeFit } from "../../../../src/kernels/life/types.ts";

const ctx: CommandContext = {
  path: "/lifeData/weibull",
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "main",
  overlayOpen: false,
};

describe("save in progress", () => {
  it("turns the save command off until it ends", () => {
    registerCommands(lifeCommands);
    const save = lifeCommands.find((c) => c.id === "life.save");
    if (!save) throw new Error("no life.save");
    lifeActions.value = {} as LifeActions;
    const ctrlS = {
      key: "s",
      code: "KeyS",
      defaultPrevented: false,
      ctrlKey: true,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      target: null,
    };
    try {
      expect(isAvailable(save, ctx)).toBe(true);
      expect(resolveShortcut(ctrlS, ctx, false)).toMatchObject({ kind: "one", command: { id: "life.save" } });
      lifeSaving.value = true;
      expect(isAvailable(save, ctx)).toBe(false);
      expect(resolveShortcut(ctrlS, ctx, false).kind).toBe("none");
    } finally {
      lifeSaving.value = false;
      lifeActions.value = null;
    }
  });

  it("keeps one create key per set for its retries, another for another set", () => {
    const a = new LifeSet({ name: "a" });
    const b = new LifeSet({ name: "b" });
    const key = a.requestKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(a.requestKey()).toBe(key);
    expect(b.requestKey()).not.toBe(key);
    expect(b.uid).not.toBe(a.uid);
  });
});

describe("parameter order", () => {
  const fitOf = (parameters: Record<string, number>, subpopulations?: LifeFit["subpopulations"]) =>
    ({ parameters, subpopulations, bounds: { parameters: {} } }) as unknown as LifeFit;
  it("is the kernels' order for a fit read back with its keys sorted by the database", () => {
    expect(parameterRows(fitOf({ eta: 1000, beta: 1.8 })).map((r) => r.name)).toEqual(["beta", "eta"]);
    expect(parameterRows(fitOf({ eta: 1, gamma: 2, beta: 3 })).map((r) => r.name)).toEqual([
      "beta",
      "eta",
      "gamma",
    ]);
    expect(parameterRows(fitOf({ gamma: 5, lambda: 0.1 })).map((r) => r.name)).toEqual(["lambda", "gamma"]);
    expect(parameterRows(fitOf({ sigma: 1, mu: 2 })).map((r) => r.name)).toEqual(["mu", "sigma"]);
    const mixture = fitOf({}, [{ eta: 1, beta: 2, fraction: 0.4 } as never]);
    expect(parameterRows(mixture).map((r) => r.name)).toEqual(["fraction 1", "beta 1", "eta 1"]);
  });
});
