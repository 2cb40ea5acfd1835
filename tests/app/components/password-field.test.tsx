// @vitest-environment jsdom
// The show-password toggle is out of the Tab order (Tab goes from field to field) but keeps its label and
// still works by pointer, and Alt+F8 in the field toggles it from the keyboard.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PasswordField } from "../../../src/app/components/form.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { common: { showPassword: "Show password", hidePassword: "Hide password" } } },
  });
});
afterEach(cleanup);

describe("PasswordField", () => {
  it("keeps its toggle out of the Tab order, labelled, and toggles by click or Alt+F8", () => {
    const keys: string[] = [];
    render(<PasswordField label="Password" onKeyDown={(e) => keys.push(e.key)} />);
    const field = screen.getByLabelText("Password") as HTMLInputElement;
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle.tabIndex).toBe(-1);
    expect(field.type).toBe("password");
    fireEvent.click(toggle);
    expect(field.type).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(field, { key: "F8", altKey: true });
    expect(field.type).toBe("password");
    // The caller's own key handler still hears every key.
    fireEvent.keyDown(field, { key: "Enter" });
    expect(keys).toEqual(["F8", "Enter"]);
  });
});
