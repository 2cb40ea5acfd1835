// First start: a fresh database gets an admin account (password from ADMIN_PASSWORD, or generated and
// printed once) and a demo project with a small life-data set, so a newcomer has something to open.
import { count, isNull } from "drizzle-orm";
import { encodeColumn } from "../shared/columns.ts";
import {
  LIFE_DATA_COLUMN_RULES,
  LIFE_DATA_SCHEMA_VERSION,
  type LifeDataBody,
} from "../shared/schemas/lifedata.ts";
import { packedColumnsSql, packTable } from "./analysis-store/packing.ts";
import { generatePassword, type PasswordHasher } from "./auth/passwords.ts";
import type { Db } from "./db/client.ts";
import { analyses, appMeta, projectParts, projects, users } from "./db/schema.ts";
import { newInvitationCode } from "./modules/authority/user-views.ts";
import { lifeDataModule } from "./modules/wb/index.ts";

export interface SeedOptions {
  adminUserName: string;
  adminPassword?: string;
  seedDemo: boolean;
}

export interface SeedResult {
  adminUserId: number;
  /** Only set when the password was generated: the one time it is known. */
  generatedPassword?: string;
  demoProjectId?: number;
  demoAnalysisId?: number;
}

/**
 * Ten bearings, six failed and four suspended (hours), the data of the plotting-position example in
 * ReliaSoft's documentation ("How are the plotting positions calculated", Johnson's adjusted ranks).
 */
export const DEMO_LIFE_DATA = {
  end: [150, 340, 560, 800, 1130, 1720, 2470, 4210, 5230, 6890],
  state: [1, 0, 1, 1, 0, 1, 0, 0, 1, 1],
};

export function demoLifeDataBody(): LifeDataBody {
  const rows = DEMO_LIFE_DATA.end.length;
  return {
    kind: "weibull",
    description: "Demo: field data of 10 bearings (6 failures, 4 suspensions), hours.",
    settings: {
      distribution: "weibull2p",
      estimationMethod: "rrx",
      rankMethod: "exact",
      confidenceType: "fisher",
      confidenceLevel: 90,
      sidedness: "two",
      timeUnit: "hours",
    },
    data: {
      rows,
      form: "rightCensored",
      columns: {
        quantity: encodeColumn(new Int32Array(rows).fill(1)),
        end: encodeColumn(Float64Array.from(DEMO_LIFE_DATA.end)),
        state: encodeColumn(Uint8Array.from(DEMO_LIFE_DATA.state)),
      },
    },
    results: null,
  };
}

/** Seeds an empty database; returns null when it already has users. */
export async function seedFirstStart(
  db: Db,
  hasher: PasswordHasher,
  options: SeedOptions,
  log: (line: string) => void = console.log,
): Promise<SeedResult | null> {
  const [{ existing }] = await db.select({ existing: count() }).from(users).where(isNull(users.deletedAt));
  if (existing > 0) return null;
  const password = options.adminPassword ?? generatePassword();
  const [admin] = await db
    .insert(users)
    .values({
      userName: options.adminUserName,
      nickname: "Administrator",
      passwordHash: await hasher.hash(password),
      // A generated password was shown on a console; it must be replaced at the first login.
      mustChangePassword: options.adminPassword === undefined,
      roles: ["admin", "owner"],
      invitationCode: await newInvitationCode(db),
    })
    .returning({ id: users.id });
  const result: SeedResult = { adminUserId: admin.id };
  if (options.adminPassword === undefined) {
    result.generatedPassword = password;
    log(
      `relbench: admin account '${options.adminUserName}' created with password ${password} (shown once; change it at first login)`,
    );
  } else {
    log(`relbench: admin account '${options.adminUserName}' created with the password from ADMIN_PASSWORD`);
  }
  if (options.seedDemo) {
    const [project] = await db
      .insert(projects)
      .values({ name: "Demo project", code: "DEMO-001", compilerUserId: admin.id, managerUserId: admin.id })
      .returning({ id: projects.id });
    await db.insert(projectParts).values([
      { projectId: project.id, partNumber: "BRG-6204", partName: "Deep groove ball bearing", position: 0 },
      { projectId: project.id, partNumber: "SHF-0100", partName: "Drive shaft", position: 1 },
    ]);
    const body = demoLifeDataBody();
    const packed = packTable(body, "data", LIFE_DATA_COLUMN_RULES);
    const [analysis] = await db
      .insert(analyses)
      .values({
        module: "wb",
        name: "Bearing field data",
        projectId: project.id,
        compilerUserId: admin.id,
        schemaVersion: LIFE_DATA_SCHEMA_VERSION,
        summary: lifeDataModule.summarize(lifeDataModule.body.parse(body)),
        body: packed.json,
        columns: packedColumnsSql(packed.columns),
      })
      .returning({ id: analyses.id });
    result.demoProjectId = project.id;
    result.demoAnalysisId = analysis.id;
    log("relbench: demo project 'Demo project' with the life-data set 'Bearing field data' created");
  }
  await db
    .insert(appMeta)
    .values({ key: "seed", value: { at: new Date().toISOString(), ...result, generatedPassword: undefined } })
    .onConflictDoNothing();
  return result;
}
