// Closes a popover (calendar, menu) on a pointer press outside `rootRef` or on Escape, while it is open.
import { useEffect, type RefObject } from "react";

export function useDismiss(open: boolean, rootRef: RefObject<HTMLElement | null>, close: (reason: "outside" | "escape") => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close("outside");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close("escape");
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, rootRef, close]);
}
