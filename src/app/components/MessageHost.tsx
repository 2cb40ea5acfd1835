// Draws the message helper's current message (components/message.ts) in a live region.
import { useSignals } from "@preact/signals-react/runtime";
import { Icon } from "./Icon.tsx";
import { currentMessage } from "./message.ts";

export function MessageHost() {
  useSignals();
  const m = currentMessage.value;
  return (
    <div className="message-host" aria-live="polite" aria-atomic="true">
      {m && (
        <div
          key={m.id}
          className={`message message-${m.type}`}
          role={m.type === "warning" ? "alert" : "status"}
          data-testid="message"
        >
          <Icon
            name={m.type === "success" ? "success" : m.type === "warning" ? "warning" : "info"}
            size={14}
          />
          <span>{m.text}</span>
        </div>
      )}
    </div>
  );
}
