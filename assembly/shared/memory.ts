// Unmanaged buffers for columns passed from JavaScript. They live outside the garbage collector, so the
// JS side writes straight into wasm memory and frees them when done; no pinning, no copies.

export function allocF64(n: i32): usize {
  return heap.alloc((<usize>n) << 3);
}

export function allocI32(n: i32): usize {
  return heap.alloc((<usize>n) << 2);
}

export function freeBuffer(ptr: usize): void {
  if (ptr != 0) heap.free(ptr);
}
