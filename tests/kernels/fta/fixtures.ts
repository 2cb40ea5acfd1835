// Where the fault tree fixtures live and how to read a model from one or more MEF files.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type FtaModel, readMef } from "../../../src/kernels/fta.ts";

export const FIXTURES = fileURLToPath(new URL("../../fixtures/fta/", import.meta.url));
export const OPENPSA = join(FIXTURES, "openpsa");

/** Reads MEF files (paths relative to tests/fixtures/fta/openpsa), following xi:include. */
export function readOpenPsa(...paths: string[]): FtaModel {
  return readMef(
    paths.map((p) => ({ name: join(OPENPSA, p), text: readFileSync(join(OPENPSA, p), "utf8") })),
    {
      resolveInclude: (href, from) => {
        const path = resolve(dirname(from), href);
        return { name: path, text: readFileSync(path, "utf8") };
      },
    },
  );
}

/** |actual - expected| within `relative` of |expected| (SCRAM prints 6 significant digits: 5e-6). */
export function close(actual: number, expected: number, relative = 5e-6, absolute = 0): boolean {
  return Math.abs(actual - expected) <= relative * Math.abs(expected) + absolute;
}
