// Entry of a Node worker thread for the block-diagram Monte Carlo. The kernels are TypeScript, so the
// thread registers tsx first (hooks registered in the parent thread do not reach worker threads).
import { register } from "tsx/esm/api";

register();
await import("./node-worker.ts");
