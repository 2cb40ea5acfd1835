// The message helper of spec 8: success shows 1 s, warning and error 3 s (an error is shown with the
// warning look), and a new message replaces the one on screen. HTTP failures pass 4 s explicitly.
import { signal } from "@preact/signals-react";

export type MessageType = "success" | "warning" | "info";

export interface ToastMessage {
  id: number;
  type: MessageType;
  text: string;
  duration: number;
}

export const DURATIONS = { success: 1000, warning: 3000, error: 3000, info: 3000 } as const;

export const currentMessage = signal<ToastMessage | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function show(type: MessageType, text: string, duration: number): ToastMessage {
  if (timer) clearTimeout(timer);
  const m: ToastMessage = { id: nextId++, type, text, duration };
  currentMessage.value = m;
  timer = setTimeout(() => {
    if (currentMessage.value?.id === m.id) currentMessage.value = null;
  }, duration);
  return m;
}

export const message = {
  success: (text: string, duration: number = DURATIONS.success) => show("success", text, duration),
  warning: (text: string, duration: number = DURATIONS.warning) => show("warning", text, duration),
  /** Errors are shown as warnings (spec 8): the user can act on them, nothing crashed. */
  error: (text: string, duration: number = DURATIONS.error) => show("warning", text, duration),
  info: (text: string, duration: number = DURATIONS.info) => show("info", text, duration),
  close(): void {
    if (timer) clearTimeout(timer);
    currentMessage.value = null;
  },
};
