// One loader for every kernel module, in Node (CLI, tests, bench) and in the browser worker. The .wasm URL
// is written as `new URL("../../build/<area>.wasm", import.meta.url)` in each area's file so rsbuild emits
// it as an asset; in Node the same URL is a file: URL read with node:fs. process.getBuiltinModule keeps
// node:fs out of the browser bundle (rsbuild refuses `node:` imports in client code).

export interface KernelExports {
  memory: WebAssembly.Memory;
  allocF64(n: number): number;
  allocI32(n: number): number;
  freeBuffer(ptr: number): void;
  kernelVersion(): string;
}

type Instantiate<T> = (module: WebAssembly.Module, imports: { env: unknown }) => Promise<T>;

const modules = new Map<string, Promise<WebAssembly.Module>>();
const memories = new Set<WeakRef<WebAssembly.Memory>>();

/**
 * Bytes of linear memory held by the kernel instances of this thread. Wasm memory only grows, so in a
 * process that keeps its instances this is also their peak (the benchmarks report it).
 */
export function kernelMemoryBytes(): number {
  let bytes = 0;
  for (const ref of memories) bytes += ref.deref()?.buffer.byteLength ?? 0;
  return bytes;
}

function compileWasm(url: URL): Promise<WebAssembly.Module> {
  const key = url.href;
  let compiled = modules.get(key);
  if (!compiled) {
    const fs =
      url.protocol === "file:"
        ? (globalThis.process?.getBuiltinModule?.("node:fs") as typeof import("node:fs") | undefined)
        : undefined;
    compiled = fs
      ? WebAssembly.compile(fs.readFileSync(url))
      : WebAssembly.compileStreaming(fetch(url)).catch(async (error: unknown) => {
          // compileStreaming needs the application/wasm MIME type; fall back for servers that lack it.
          const response = await fetch(url);
          if (!response.ok)
            throw new Error(`Cannot load kernel ${url.pathname}: HTTP ${response.status}`, { cause: error });
          return WebAssembly.compile(await response.arrayBuffer());
        });
    compiled.catch(() => modules.delete(key));
    modules.set(key, compiled);
  }
  return compiled;
}

/** Returns a memoised loader for one kernel module: compiled once per process, instantiated once per thread. */
export function defineKernel<T extends KernelExports>(
  url: URL,
  instantiate: Instantiate<T>,
): () => Promise<T> {
  let instance: Promise<T> | undefined;
  return () => {
    instance ??= compileWasm(url)
      .then((module) => instantiate(module, { env: {} }))
      .then((exports) => {
        memories.add(new WeakRef(exports.memory));
        return exports;
      });
    return instance;
  };
}
