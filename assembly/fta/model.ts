// Per-level data of the analysed tree, shared by the passes. A level is a position in the variable order;
// it holds either a basic event or the proxy variable of a module (an independent subtree whose BDD is
// built once and used as one variable by its parents, as in SCRAM and Aralia).

export let levelCount: i32 = 0;
/** Probability of each level's variable being true, and its complement kept separately for precision. */
export let levelP: usize = 0;
export let levelQ: usize = 0;
/** The BDD edge of the module a level stands for, or -1 for a basic event. */
export let moduleRoot: usize = 0;

export function allocateLevels(n: i32): void {
  freeLevels();
  levelCount = n;
  const size = <usize>max(n, 1);
  levelP = heap.alloc(size << 3);
  levelQ = heap.alloc(size << 3);
  moduleRoot = heap.alloc(size << 2);
  memory.fill(levelP, 0, size << 3);
  memory.fill(levelQ, 0, size << 3);
  memory.fill(moduleRoot, 0xff, size << 2);
}

export function freeLevels(): void {
  if (levelP == 0) return;
  heap.free(levelP);
  heap.free(levelQ);
  heap.free(moduleRoot);
  levelP = 0;
  levelQ = 0;
  moduleRoot = 0;
  levelCount = 0;
}

@inline
export function moduleRootOf(level: i32): i32 {
  return load<i32>(moduleRoot + (<usize>level << 2));
}

@inline
export function setModuleRoot(level: i32, edge: i32): void {
  store<i32>(moduleRoot + (<usize>level << 2), edge);
}

@inline
export function pOf(level: i32): f64 {
  return load<f64>(levelP + (<usize>level << 3));
}

@inline
export function qOf(level: i32): f64 {
  return load<f64>(levelQ + (<usize>level << 3));
}
