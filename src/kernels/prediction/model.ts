// The prediction model: a system tree of assemblies, each with the environment, ambient temperature and duty
// its parts inherit, and a bill of materials whose lines each say how their rate is found (parts count,
// parts stress, or a rate the user enters with its source). Plain data, shared by the ePDT screen, the
// worker, the CLI and the stored document. Rates are failures per 10^6 hours throughout (MIL-HDBK-217F's unit).

/** MIL-HDBK-217F's 14 environments (section 3), in the handbook's column order. */
export const ENVIRONMENTS = [
  "GB",
  "GF",
  "GM",
  "NS",
  "NU",
  "AIC",
  "AIF",
  "AUC",
  "AUF",
  "ARW",
  "SF",
  "MF",
  "ML",
  "CL",
] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The part classes with a parts count model (Appendix A). */
export const PART_CLASSES = [
  "microcircuit",
  "diode",
  "transistor",
  "resistor",
  "capacitor",
  "inductor",
  "relay",
  "switch",
  "connector",
  "crystal",
] as const;
export type PartClass = (typeof PART_CLASSES)[number];
/** The classes with a parts stress model here (sections 5.1, 6.1, 6.3, 9.1, 10.1, 11.1, 11.2, 13, 14, 15, 16.1). */
export const STRESS_CLASSES = [
  "microcircuit",
  "diode",
  "transistor",
  "resistor",
  "capacitor",
  "inductor",
  "relay",
  "switch",
  "connector",
] as const;
export type StressClass = (typeof STRESS_CLASSES)[number];

// "dictionary": the rate of a device dictionary entry (an exponential failure model) the line names by code.
export const METHODS = ["partsCount", "partsStress", "user", "dictionary"] as const;
export type Method = (typeof METHODS)[number];

/** Units a user-entered rate may be given in. */
export const RATE_UNITS = ["perMillionHours", "fit", "perHour"] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
/** Multiplier from each unit to failures per 10^6 hours. */
export const RATE_UNIT_FACTOR: Record<RateUnit, number> = { perMillionHours: 1, fit: 1e-3, perHour: 1e6 };

export interface PredictionAssembly {
  id: string;
  name: string;
  /** null for the system (the one root). */
  parent: string | null;
  /** Unset: the parent's. The root's default is GB. */
  environment?: Environment | null;
  /** Ambient temperature in deg C. Unset: the parent's; the root's default is 25. */
  temperature?: number | null;
  /** Fraction of the mission the assembly operates, 0 < duty <= 1. Unset: the parent's; root 1. */
  duty?: number | null;
  /** Importance factor for AGREE allocation (0 < E <= 1, default 1). */
  importance?: number | null;
}

/** The stresses a parts stress model reads; each model names the ones it needs. */
export interface PartStress {
  /** Component temperature in deg C (resistor case, semiconductor or microcircuit junction, capacitor or
   * inductive device ambient). Unset: the assembly's ambient temperature. */
  temperature?: number | null;
  /** Operating / rated power (resistors). */
  powerRatio?: number | null;
  /** Dissipated power in W (resistors). */
  power?: number | null;
  /** Applied / rated voltage (diodes: reverse voltage; transistors: Vce/Vceo; capacitors: (DC + peak AC) /
   * rated DC). */
  voltageRatio?: number | null;
  /** Rated power in W (transistors). */
  ratedPower?: number | null;
  /** Gates (digital) or transistors (linear) of a microcircuit. */
  complexity?: number | null;
  /** Functional pins of a microcircuit package; active contacts of a socket (15.2). */
  pins?: number | null;
  /** Microcircuit technology (activation energy), e.g. mos, ttl, linear. */
  technology?: string | null;
  /** Microcircuit package, e.g. hermeticDipSolderSeal, nonhermetic. */
  package?: string | null;
  /** Years in production (microcircuit learning factor); default 2 (pi_L = 1). */
  years?: number | null;
  /** Transistor application: linear or switching. */
  application?: string | null;
  /** Diode contact construction: metallurgicallyBonded or springLoaded. */
  contact?: string | null;
  /** Capacitance in microfarads (capacitors). */
  capacitance?: number | null;
  /** Effective series resistance between a solid tantalum capacitor and its supply, per volt applied
   * (ohm/V; CSR and CWR). */
  seriesResistance?: number | null;
  /** Average temperature rise of an inductive device above its ambient in deg C (hot spot = ambient + 1.1 x
   * rise), or a connector's insert temperature rise (15.1; unset: from contact current and gauge). */
  temperatureRise?: number | null;
  /** Operating load current / rated resistive load current (relays 13.1, switches 14.1). */
  currentRatio?: number | null;
  /** Load type of a relay or switch: resistive, inductive or lamp. */
  loadType?: string | null;
  /** Contact form of a relay, switch or circuit breaker: SPST, DPST, SPDT, 3PST, 4PST, DPDT, 3PDT, 4PDT, 6PDT. */
  contactForm?: string | null;
  /** Relay cycles per hour (13.1). */
  cycleRate?: number | null;
  /** Rated temperature of a mechanical relay, 85 or 125 deg C (13.1). */
  ratedTemperature?: number | null;
  /** Mechanical relay construction (13.1 pi_F), e.g. balancedArmature, dryReed, solenoid. The relay's
   * application (pi_F's row) is `application`: dryCircuit, generalPurpose, ..., contactor; a circuit
   * breaker's is power or notPower (14.2 pi_U). */
  construction?: string | null;
  /** Connector mating/unmating cycles per 1000 hours (15.1). */
  matingCycles?: number | null;
  /** Current per contact in A (15.1 insert temperature rise). */
  contactCurrent?: number | null;
  /** Contact wire gauge, AWG 30, 22, 20, 16 or 12 (15.1 insert temperature rise). */
  contactGauge?: number | null;
  /** N1, the wave-soldered (automated) functional plated through holes of an assembly (16.1). */
  waveSolderedHoles?: number | null;
  /** N2, the hand-soldered plated through holes of an assembly (16.1). */
  handSolderedHoles?: number | null;
  /** P, the circuit planes of a printed wiring assembly, 1 to 18 (16.1 pi_C). */
  circuitPlanes?: number | null;
}

/** Every stress input of a part: the bill of materials and the parts sheet read these, one definition. */
export const PART_STRESS_KEYS = [
  "temperature",
  "powerRatio",
  "power",
  "voltageRatio",
  "ratedPower",
  "complexity",
  "pins",
  "technology",
  "package",
  "years",
  "application",
  "contact",
  "capacitance",
  "seriesResistance",
  "temperatureRise",
  "currentRatio",
  "loadType",
  "contactForm",
  "cycleRate",
  "ratedTemperature",
  "construction",
  "matingCycles",
  "contactCurrent",
  "contactGauge",
  "waveSolderedHoles",
  "handSolderedHoles",
  "circuitPlanes",
] as const satisfies readonly (keyof PartStress)[];

export interface PredictionPart {
  id: string;
  /** The assembly the part belongs to. */
  assembly: string;
  /** Reference designator(s), e.g. R1-R4. */
  ref: string;
  name?: string;
  /** Part class; unset or null for a line with only a user rate. */
  partClass?: PartClass | null;
  /** Subtype within the class (the keys of tables/parts-count.json). */
  subtype?: string | null;
  quantity: number;
  /** Quality level, a key of the class's quality table, e.g. "M", "JANTX", "B". */
  quality?: string | null;
  /** How the rate is found; unset: the analysis' method (parts count or stress), "user" when only a rate is given. */
  method?: Method | null;
  stress?: PartStress;
  /** A rate the user enters (vendor, field or another standard) and its unit. */
  userRate?: number | null;
  userRateUnit?: RateUnit | null;
  /** Where the rate comes from, for traceability, e.g. "vendor datasheet rev C". */
  source?: string;
  /** A device dictionary code: the line takes that entry's rate (method "dictionary" when no other is set). */
  device?: string | null;
}

/** A device dictionary entry as the prediction reads it: a failure model (src/shared/failure-model.ts order). */
export interface DeviceEntry {
  code: string;
  name: string;
  distribution?: string | null;
  p1?: number | null;
  p2?: number | null;
  p3?: number | null;
}

export interface PredictionSettings {
  /** The method for lines without their own. */
  method: "partsCount" | "partsStress";
  /** Mission time in hours for reliability; > 0. */
  missionTime: number;
  /** System failure rate target (per 10^6 h) for allocation; unset: no allocation. */
  target?: number | null;
  allocation?: "equal" | "arinc" | "agree" | null;
}

export interface PredictionModel {
  assemblies: PredictionAssembly[];
  parts: PredictionPart[];
  settings: PredictionSettings;
  /** The device dictionary the lines' `device` codes refer to. */
  dictionary?: DeviceEntry[];
}

export const DEFAULT_ENVIRONMENT: Environment = "GB";
export const DEFAULT_TEMPERATURE = 25;

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === "string" && (ENVIRONMENTS as readonly string[]).includes(value);
}
export function isPartClass(value: unknown): value is PartClass {
  return typeof value === "string" && (PART_CLASSES as readonly string[]).includes(value);
}
export function isStressClass(value: unknown): value is StressClass {
  return typeof value === "string" && (STRESS_CLASSES as readonly string[]).includes(value);
}
