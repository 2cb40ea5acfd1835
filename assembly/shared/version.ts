// Bumped whenever a kernel's numerical output or ABI changes; stored with saved results.
export const KERNEL_VERSION = "0.2.0";

export function kernelVersion(): string {
  return KERNEL_VERSION;
}
