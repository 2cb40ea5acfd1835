// @vitest-environment jsdom
// Dialogs give keyboard focus back to where it was, or to the main region, never to <body>; Escape closes
// only the top-most layer.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfirmHost, confirmDialog } from "../../../src/app/components/confirm.tsx";
import { Dialog } from "../../../src/app/components/Dialog.tsx";
import { overlayOpen } from "../../../src/app/state/overlays.ts";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: "en", resources: { en: { common: { close: "Close" } } } });
});
afterEach(cleanup);

/** Radix hands focus back from a timer after a dialog unmounts. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <main id="main-content" tabIndex={-1}>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
      </main>
      <Dialog open={open} onOpenChange={setOpen} title="Outer">
        <input aria-label="first field" />
        {nested && (
          <button type="button" onClick={() => setInner(true)}>
            inner
          </button>
        )}
      </Dialog>
      <Dialog open={inner} onOpenChange={setInner} title="Inner">
        <input aria-label="inner field" />
      </Dialog>
    </>
  );
}

describe("dialog focus", () => {
  it("focuses the first field, and gives focus back to the opener on Escape", async () => {
    render(<Harness />);
    const opener = screen.getByText("open");
    opener.focus();
    await act(async () => fireEvent.click(opener));
    expect(document.activeElement).toBe(screen.getByLabelText("first field"));
    expect(overlayOpen.value).toBe(true);
    await act(async () => fireEvent.keyDown(document.activeElement as Element, { key: "Escape" }));
    expect(screen.queryByLabelText("first field")).toBeNull();
    await settle();
    expect(document.activeElement).toBe(opener);
    expect(overlayOpen.value).toBe(false);
  });

  it("gives focus to the main region when the opener is gone", async () => {
    render(<Harness />);
    const opener = screen.getByText("open");
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    await act(async () => fireEvent.click(opener));
    await act(async () => fireEvent.keyDown(document.activeElement as Element, { key: "Escape" }));
    await settle();
    expect(document.activeElement).toBe(document.getElementById("main-content"));
  });

  it("closes only the top-most dialog on Escape", async () => {
    render(<Harness nested />);
    await act(async () => fireEvent.click(screen.getByText("open")));
    const innerButton = screen.getByText("inner");
    innerButton.focus();
    await act(async () => fireEvent.click(innerButton));
    expect(document.activeElement).toBe(screen.getByLabelText("inner field"));
    await act(async () => fireEvent.keyDown(document.activeElement as Element, { key: "Escape" }));
    expect(screen.queryByLabelText("inner field")).toBeNull();
    expect(screen.getByLabelText("first field")).toBeTruthy();
    await settle();
    expect(document.activeElement).toBe(innerButton);
  });
});

describe("confirm dialog", () => {
  it("answers true on confirm, false on Escape, and returns focus", async () => {
    render(
      <>
        <main id="main-content" tabIndex={-1} />
        <ConfirmHost />
      </>,
    );
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = confirmDialog({ title: "Delete?", message: "Really?", confirmLabel: "Yes" });
    });
    await act(async () => fireEvent.click(screen.getByText("Yes")));
    await expect(answer).resolves.toBe(true);
    await act(async () => {
      answer = confirmDialog({ title: "Delete?", message: "Really?" });
    });
    await act(async () => fireEvent.keyDown(document.activeElement as Element, { key: "Escape" }));
    await expect(answer).resolves.toBe(false);
    await settle();
    expect(document.activeElement).toBe(document.getElementById("main-content"));
  });
});
