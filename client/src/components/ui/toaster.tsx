import { useCallback, useEffect, useRef } from "react";
import { useToast } from "@/hooks/use-toast";
import { Toast } from "./toast";

/**
 * The toast stack, at the top just under the navigation (right on wide screens, full width on
 * phones), newest on top: a form's actions sit at its end, so a toast never covers them. Toasts are
 * click-through but for their close button, so even over content they block nothing. While the
 * pointer is over a close button or the focus is in the stack, no toast closes by itself.
 */
export function Toaster() {
  const { toasts, dismiss, pause, resume } = useToast();
  const stack = useRef<HTMLElement>(null);
  // Held while either is true; the store is told only when that changes.
  const holders = useRef({ pointer: false, focus: false });
  const hold = useCallback(
    (holder: "pointer" | "focus", on: boolean) => {
      const wasHeld = holders.current.pointer || holders.current.focus;
      holders.current[holder] = on;
      const held = holders.current.pointer || holders.current.focus;
      if (held && !wasHeld) pause();
      if (!held && wasHeld) resume();
    },
    [pause, resume],
  );

  useEffect(() => {
    // Where the pointer is, from the browser's own events on the document. React's enter and leave
    // are missed when the element the pointer was over has been removed (a sign-in that changes the
    // page under a still pointer): the stack was then never held, or held for good.
    const onOver = (event: PointerEvent) => hold("pointer", stack.current?.contains(event.target as Node) ?? false);
    // Out of the window, or a finger lifted: nothing is over the stack any more.
    const onOut = (event: PointerEvent) => {
      if (event.relatedTarget === null) hold("pointer", false);
    };
    document.addEventListener("pointerover", onOver);
    document.addEventListener("pointerout", onOut);
    return () => {
      document.removeEventListener("pointerover", onOver);
      document.removeEventListener("pointerout", onOut);
    };
  }, [hold]);

  return (
    <section
      ref={stack}
      aria-label="Toast notifications"
      className="pointer-events-none fixed inset-x-4 top-[4.5rem] z-[100] sm:inset-x-auto sm:right-6 sm:w-96"
      onFocus={() => hold("focus", true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold("focus", false);
      }}
    >
      {/* Newest first. Each toast announces itself (alert or status); aria-live="off" only marks the
          list as live content, which an open dialog must not hide. */}
      <ol aria-live="off" className="flex flex-col">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
