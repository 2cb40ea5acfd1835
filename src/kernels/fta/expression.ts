// Evaluation of Open-PSA MEF expressions as SCRAM 0.16 evaluates them for point values: random deviates
// give their mean, time models follow SCRAM's formulas (src/expression/exponential.cc), booleans are 0/1.
import type { MefExpression } from "./model.ts";

export class ExpressionError extends Error {
  override name = "ExpressionError";
}

export interface ExpressionScope {
  missionTime: number;
  parameters: ReadonlyMap<string, MefExpression>;
}

/** Number of arguments each operation takes: [min, max]. */
export const EXPRESSION_ARITY: Record<string, [number, number]> = {
  neg: [1, 1],
  add: [2, Infinity],
  sub: [2, Infinity],
  mul: [2, Infinity],
  div: [2, Infinity],
  abs: [1, 1],
  acos: [1, 1],
  asin: [1, 1],
  atan: [1, 1],
  cos: [1, 1],
  sin: [1, 1],
  tan: [1, 1],
  cosh: [1, 1],
  sinh: [1, 1],
  tanh: [1, 1],
  exp: [1, 1],
  log: [1, 1],
  log10: [1, 1],
  mod: [2, 2],
  pow: [2, 2],
  sqrt: [1, 1],
  ceil: [1, 1],
  floor: [1, 1],
  min: [1, Infinity],
  max: [1, Infinity],
  mean: [1, Infinity],
  not: [1, 1],
  and: [2, Infinity],
  or: [2, Infinity],
  eq: [2, 2],
  df: [2, 2],
  lt: [2, 2],
  gt: [2, 2],
  leq: [2, 2],
  geq: [2, 2],
  ite: [3, 3],
  pi: [0, 0],
  exponential: [2, 2],
  GLM: [4, 4],
  Weibull: [4, 4],
  "periodic-test": [4, 11],
  "uniform-deviate": [2, 2],
  "normal-deviate": [2, 2],
  "lognormal-deviate": [2, 3],
  "gamma-deviate": [2, 2],
  "beta-deviate": [2, 2],
};

const pExp = (lambda: number, time: number) => -Math.expm1(-lambda * time);

function pExpAfter(pMu: number, pLambda: number, mu: number, lambda: number, time: number): number {
  return lambda === mu
    ? pLambda - (1 - pLambda) * lambda * time
    : (lambda * pMu - mu * pLambda) / (lambda - mu);
}

function periodicTestInstantRepair(lambda: number, tau: number, theta: number, time: number): number {
  if (time <= theta) return pExp(lambda, time);
  const delta = time - theta;
  const afterTest = delta - Math.trunc(delta / tau) * tau;
  return pExp(lambda, afterTest ? afterTest : tau);
}

function periodicTestInstantTest(
  lambda: number,
  mu: number,
  tau: number,
  theta: number,
  time: number,
): number {
  if (time <= theta) return pExp(lambda, time);
  const carry = (pLambda: number, pMu: number, t: number) =>
    1 - pMu + pExpAfter(pLambda, pMu, lambda, mu, t) - pLambda;
  let prob = pExp(lambda, theta);
  const delta = time - theta;
  const periods = Math.trunc(delta / tau);
  const fraction = carry(pExp(lambda, tau), pExp(mu, tau), tau);
  const compound = fraction ** periods;
  prob = prob * compound + (pExp(lambda, tau) * (compound - 1)) / (fraction - 1);
  const afterTest = delta - periods * tau;
  const pLambda = pExp(lambda, afterTest);
  return prob * carry(pLambda, pExp(mu, afterTest), afterTest) + pLambda;
}

function periodicTestComplete(a: number[]): number {
  const [lambda, lambdaTest, mu, tau, theta, gamma, testDuration, availableAtTest, sigma, omega, time] = a;
  if (time <= theta) return pExp(lambda, time);
  let pFail = pExp(lambda, theta);
  let pRepair = 0;
  let pAvailable = 1 - pFail;
  const pMuLambda = (pMu: number, pL: number, t: number) =>
    pMu * omega + (1 - omega) * pExpAfter(pMu, pL, mu, lambda, t);
  const test = (pLambdaTest: number, pMu: number, pL: number, t: number, available = true) => {
    const transient = pFail + pAvailable * (gamma + (1 - gamma) * pLambdaTest);
    pFail = pRepair * pMuLambda(pMu, pL, t) + (1 - sigma) * transient;
    pRepair = (1 - pMu) * pRepair + sigma * transient;
    pAvailable = 1 - pFail - pRepair - (available ? 0 : pAvailable * (1 - gamma) * (1 - pLambdaTest));
  };
  const period = (pL: number, pMu: number, t: number) => {
    pFail = pAvailable * pL + pFail + pRepair * pMuLambda(pMu, pL, t);
    pRepair *= 1 - pMu;
    pAvailable = 1 - pFail - pRepair;
  };
  const delta = time - theta;
  const periods = Math.trunc(delta / tau);
  const between = tau - testDuration;
  for (let i = 0; i < periods; i++) {
    test(pExp(lambdaTest, testDuration), pExp(mu, testDuration), pExp(lambda, testDuration), testDuration);
    period(pExp(lambda, between), pExp(mu, between), between);
  }
  const afterTest = delta - periods * tau;
  if (afterTest <= testDuration) {
    test(
      pExp(lambdaTest, afterTest),
      pExp(mu, afterTest),
      pExp(lambda, afterTest),
      afterTest,
      availableAtTest !== 0,
    );
  } else {
    test(pExp(lambdaTest, testDuration), pExp(mu, testDuration), pExp(lambda, testDuration), testDuration);
    const left = afterTest - testDuration;
    period(pExp(lambda, left), pExp(mu, left), left);
  }
  return 1 - pAvailable;
}

function apply(op: string, a: number[]): number {
  const b = (x: boolean) => (x ? 1 : 0);
  switch (op) {
    case "neg":
      return -a[0];
    case "add":
      return a.reduce((s, x) => s + x);
    case "sub":
      return a.reduce((s, x) => s - x);
    case "mul":
      return a.reduce((s, x) => s * x);
    case "div":
      return a.reduce((s, x) => s / x);
    case "abs":
    case "acos":
    case "asin":
    case "atan":
    case "cos":
    case "sin":
    case "tan":
    case "cosh":
    case "sinh":
    case "tanh":
    case "exp":
    case "log":
    case "log10":
    case "sqrt":
    case "ceil":
    case "floor":
      return Math[op](a[0]);
    case "mod":
      return a[0] % a[1];
    case "pow":
      return a[0] ** a[1];
    case "min":
      return Math.min(...a);
    case "max":
      return Math.max(...a);
    case "mean":
      return a.reduce((s, x) => s + x) / a.length;
    case "not":
      return b(!a[0]);
    case "and":
      return b(a.every(Boolean));
    case "or":
      return b(a.some(Boolean));
    case "eq":
      return b(a[0] === a[1]);
    case "df":
      return b(a[0] !== a[1]);
    case "lt":
      return b(a[0] < a[1]);
    case "gt":
      return b(a[0] > a[1]);
    case "leq":
      return b(a[0] <= a[1]);
    case "geq":
      return b(a[0] >= a[1]);
    case "ite":
      return a[0] ? a[1] : a[2];
    case "pi":
      return Math.PI;
    case "exponential":
      return pExp(a[0], a[1]);
    case "GLM": {
      const [gamma, lambda, mu, time] = a;
      const r = lambda + mu;
      return (lambda - (lambda - gamma * r) * Math.exp(-r * time)) / r;
    }
    case "Weibull": {
      const [alpha, beta, t0, time] = a;
      return time <= t0 ? 0 : -Math.expm1(-(((time - t0) / alpha) ** beta));
    }
    case "periodic-test":
      if (a.length === 4) return periodicTestInstantRepair(a[0], a[1], a[2], a[3]);
      if (a.length === 5) return periodicTestInstantTest(a[0], a[1], a[2], a[3], a[4]);
      if (a.length === 11) return periodicTestComplete(a);
      throw new ExpressionError("periodic-test takes 4, 5 or 11 arguments");
    case "uniform-deviate":
      return (a[0] + a[1]) / 2;
    case "normal-deviate":
      return a[0];
    case "lognormal-deviate":
      return a.length === 3 ? a[0] : Math.exp(a[0] + (a[1] * a[1]) / 2);
    case "gamma-deviate":
      return a[0] * a[1];
    case "beta-deviate":
      return a[0] / (a[0] + a[1]);
    default:
      throw new ExpressionError(`unsupported expression <${op}>`);
  }
}

/** The value of an expression at the scope's mission time. */
export function evaluateExpression(
  expression: MefExpression,
  scope: ExpressionScope,
  seen: string[] = [],
): number {
  if ("value" in expression) return expression.value;
  if ("missionTime" in expression) return scope.missionTime;
  if ("parameter" in expression) {
    const name = expression.parameter;
    if (seen.includes(name)) throw new ExpressionError(`parameter '${name}' is defined through itself`);
    const definition = scope.parameters.get(name);
    if (!definition) throw new ExpressionError(`parameter '${name}' is not defined`);
    return evaluateExpression(definition, scope, [...seen, name]);
  }
  const arity = EXPRESSION_ARITY[expression.op];
  if (!arity) throw new ExpressionError(`unsupported expression <${expression.op}>`);
  const n = expression.args.length;
  if (n < arity[0] || n > arity[1])
    throw new ExpressionError(
      `<${expression.op}> takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} or more`} arguments, not ${n}`,
    );
  return apply(
    expression.op,
    expression.args.map((arg) => evaluateExpression(arg, scope, seen)),
  );
}

/** Whether the expression's value changes with the mission time (for the probability curve). */
export function dependsOnTime(
  expression: MefExpression,
  parameters: ReadonlyMap<string, MefExpression>,
  seen: string[] = [],
): boolean {
  if ("missionTime" in expression) return true;
  if ("value" in expression) return false;
  if ("parameter" in expression) {
    const definition = parameters.get(expression.parameter);
    if (!definition || seen.includes(expression.parameter)) return false;
    return dependsOnTime(definition, parameters, [...seen, expression.parameter]);
  }
  return expression.args.some((arg) => dependsOnTime(arg, parameters, seen));
}
