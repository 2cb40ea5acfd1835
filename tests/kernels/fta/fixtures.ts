// Where the fault tree fixtures live and how to read a model from one or more MEF files.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type FtaModel, readMef } from "../../../src/kernels/fta.ts";
import type { Tolerance } from "../../helpers/accuracy.ts";

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

/** SCRAM prints reals with 6 significant digits: half a unit in the sixth digit, relative. */
export const SCRAM_DIGITS: Tolerance = { rtol: 5e-6 };
