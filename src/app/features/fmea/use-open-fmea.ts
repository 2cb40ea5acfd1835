// The FMEA a screen of the failure-mode layout shows (?fmeaId=, else the FMEA record kept in session storage)
// and the record kept for it; the tree and diagram screens load it into store.ts and poll for the team's edits
// while they are shown; once loaded, the element `focus` selects takes the keyboard as soon as it is drawn.
import { useEffect, useRef, useState } from "react";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { fmeaStores } from "../../api/fmea.ts";
import type { ScreenProps } from "../../router/types.ts";
import { fmeaIdOf, fmeaRecord, recordNames, recordOf, setFmeaRecord } from "../../state/fmea.ts";
import { focusOnArrival } from "../../state/overlays.ts";
import { load, prefetchTree, startPolling, stopPolling } from "./store.ts";

/** Reads of a record started; an answer is kept only if no later one started. */
let reading = 0;

/**
 * The FMEA every screen of the failure-mode layout shows (?fmeaId=, else the kept record), and the one place
 * that keeps the record for an FMEA opened by its address (a link, a bookmark, a reload in a fresh tab): the
 * layout's tabs carry no id, so without it "Basic info" and the others would not know the FMEA on screen.
 */
export function useFmeaId(view: ScreenProps["view"], variant: FmeaVariant): { id: number; valid: boolean } {
  const id = fmeaIdOf(view.query, fmeaRecord.value);
  const valid = Number.isInteger(id) && id > 0;
  useEffect(() => {
    const before = fmeaRecord.peek();
    if (!valid || recordNames(before, id)) return;
    const mine = ++reading;
    // Quiet: the screen's own request for this FMEA says why when it cannot be read. Not dropped when the
    // screen goes (a tab pressed before the answer still finds the record), only when another FMEA was opened
    // since, by its list or its address.
    fmeaStores[variant].get(id, { quiet: true }).then(
      (answer) => {
        if (mine === reading && fmeaRecord.peek() === before) setFmeaRecord(recordOf(answer.data));
      },
      () => undefined,
    );
  }, [variant, id, valid]);
  return { id, valid };
}

/** `also` runs with each load (settings, risk events a screen needs beside the nodes). */
export function useOpenFmea(
  view: ScreenProps["view"],
  variant: FmeaVariant,
  focus: string,
  also?: (id: number) => void,
): { id: number; valid: boolean; failed: boolean } {
  const { id, valid } = useFmeaId(view, variant);
  const [failed, setFailed] = useState(false);
  // Sent now, not from the effect below: a screen's first commit can wait for React's reveal of it. Once per
  // FMEA shown here: a kept view renders again while hidden, and must not read its FMEA each time.
  const asked = useRef("");
  if (valid && asked.current !== `${variant}:${id}`) {
    asked.current = `${variant}:${id}`;
    prefetchTree(variant, id);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `also` and `focus` are fixed per screen
  useEffect(() => {
    if (!valid) return;
    setFailed(false);
    also?.(id);
    load(variant, id).then(
      () => {
        startPolling();
        focusOnArrival(
          () => document.querySelector(focus),
          () => document.querySelector<HTMLElement>(focus)?.focus(),
        );
      },
      () => setFailed(true),
    );
    return () => stopPolling();
  }, [variant, id, valid]);
  return { id, valid, failed };
}
