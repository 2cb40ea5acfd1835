// MTTF = ∫0^∞ R(t) dt over the exact reliability curve. [0, ∞) is cut at every component's location
// (where a 3-parameter Weibull's derivative may be infinite) and at a doubling grid from the shortest
// characteristic life; each piece is integrated by adaptive Gauss–Kronrod 10/21. Since R ≥ 0, a relative
// tolerance per piece bounds the relative error of the sum. The tail stops once R(b)·b is negligible.
import {
  FAILURE_EXPONENTIAL,
  FAILURE_FIXED,
  FAILURE_LOGNORMAL,
  FAILURE_NORMAL,
  FAILURE_WEIBULL,
  failureLocation,
  failureQuantile,
} from "../math/failure";
import { reliabilityAtTime } from "./exact";
import { componentCount, distOf, paramOf } from "./program";

// Gauss–Kronrod 21-point nodes and weights (QUADPACK qk21).
const XGK: StaticArray<f64> = [
  0.995657163025808080735527280689003, 0.973906528517171720077964012084452,
  0.930157491355708226001207180059508, 0.865063366688984510732096688423493,
  0.780817726586416897063717578345042, 0.679409568299024406234327365114874,
  0.562757134668604683339000099272694, 0.433395394129247190799265943165784,
  0.294392862701460198131126603103866, 0.14887433898163121088482600112972, 0.0,
];
const WGK: StaticArray<f64> = [
  0.011694638867371874278064396062192, 0.03255816230796472747881897245939,
  0.05475589657435199603138130024458, 0.07503967481091995276704314091619,
  0.093125454583697605535065465083366, 0.109387158802297641899210590325805,
  0.123491976262065851077208284680248, 0.134709217311473325928054001771707,
  0.142775938577060080797094273138717, 0.147739104901338491374841515972068,
  0.149445554002916905664936468389821,
];
const WG: StaticArray<f64> = [
  0.066671344308688137593568809893332, 0.149451349150580593145776339657697,
  0.219086362515982043995534934228163, 0.269266719309996355091226921569469,
  0.295524224714752870173892994651338,
];

let kronrod: f64 = 0;
let gaussError: f64 = 0;

function gk21(a: f64, b: f64): void {
  const c = 0.5 * (a + b);
  const h = 0.5 * (b - a);
  const fc = reliabilityAtTime(c);
  let k = fc * unchecked(WGK[10]);
  let g: f64 = 0;
  for (let j = 0; j < 10; j++) {
    const dx = h * unchecked(XGK[j]);
    const f = reliabilityAtTime(c - dx) + reliabilityAtTime(c + dx);
    k += unchecked(WGK[j]) * f;
    // The Gauss 10-point nodes are the odd-indexed Kronrod nodes.
    if ((j & 1) == 1) g += unchecked(WG[j >> 1]) * f;
  }
  kronrod = k * h;
  gaussError = Math.abs((k - g) * h);
}

const REL_TOL: f64 = 1e-11;

function adaptive(a: f64, b: f64, depth: i32): f64 {
  gk21(a, b);
  const k = kronrod;
  if (gaussError <= REL_TOL * Math.abs(k) || gaussError < 1e-300 || depth >= 60 || b - a <= 1e-14 * b) return k;
  const m = 0.5 * (a + b);
  return adaptive(a, m, depth + 1) + adaptive(m, b, depth + 1);
}

/** Characteristic life of a component: where its reliability has fallen appreciably. */
function characteristicLife(c: i32): f64 {
  const type = distOf(c);
  if (type == FAILURE_FIXED) return Infinity;
  if (type == FAILURE_EXPONENTIAL) return paramOf(c, 1) + 1 / paramOf(c, 0);
  if (type == FAILURE_WEIBULL) return paramOf(c, 2) + paramOf(c, 1);
  if (type == FAILURE_LOGNORMAL) return Math.exp(paramOf(c, 0));
  if (type == FAILURE_NORMAL) return paramOf(c, 0) > paramOf(c, 1) ? paramOf(c, 0) : paramOf(c, 1);
  const median = failureQuantile(type, paramOf(c, 0), paramOf(c, 1), paramOf(c, 2), 0.5);
  return median > 0 ? median : paramOf(c, 1);
}

function location(c: i32): f64 {
  return failureLocation(distOf(c), paramOf(c, 0), paramOf(c, 1), paramOf(c, 2));
}

/** Mean time to failure of the built diagram; +Infinity when R(t) does not fall to 0 (a fixed-probability
 * component, or a diagram that always works). */
export function rbdExactMttf(): f64 {
  let shortest: f64 = Infinity;
  let longest: f64 = 0;
  for (let c = 0; c < componentCount; c++) {
    if (distOf(c) == FAILURE_FIXED) return Infinity;
    const life = characteristicLife(c);
    if (life < shortest) shortest = life;
    if (life > longest) longest = life;
  }
  if (componentCount == 0 || reliabilityAtTime(Infinity) > 0) return Infinity;
  if (!(shortest > 0)) shortest = longest > 0 ? longest * 1e-12 : 1;
  let total: f64 = 0;
  let a: f64 = 0;
  let grid = shortest;
  for (let piece = 0; piece < 4000; piece++) {
    // Next cut: the nearest of the grid point and any component's location beyond a.
    let b = grid;
    for (let c = 0; c < componentCount; c++) {
      const g = location(c);
      if (g > a && g < b) b = g;
    }
    total += adaptive(a, b, 0);
    if (b == grid) grid *= 2;
    a = b;
    if (a >= longest) {
      const tail = reliabilityAtTime(a) * a;
      if (tail <= 1e-17 * total) return total;
    }
    if (!isFinite(a)) break;
  }
  return total;
}
