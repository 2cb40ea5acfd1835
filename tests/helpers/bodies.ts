// A valid stored life-data body (/api/wb), the one the server suites start from.
export const LIFE_SETTINGS = {
  distribution: "weibull2p",
  estimationMethod: "mle",
  rankMethod: "exact",
  confidenceType: "fisher",
  confidenceLevel: 90,
  sidedness: "two",
  timeUnit: "hours",
};

export function lifeBody(end: number[], state: number[], description = "") {
  return {
    description,
    settings: LIFE_SETTINGS,
    data: { rows: end.length, columns: { end, state } },
    results: null,
  };
}
