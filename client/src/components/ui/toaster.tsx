import { useToast } from "@/hooks/use-toast";
import { Toast } from "./toast";

/**
 * The toast stack, bottom right (full width on phones), newest at the bottom. Mounted once. While the
 * pointer is over it or the focus is in it, no toast closes by itself.
 */
export function Toaster() {
  const { toasts, dismiss, pause, resume } = useToast();
  return (
    <section
      aria-label="Toast notifications"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[100] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) resume();
      }}
    >
      {/* Newest first in the list, shown at the bottom. Each toast announces itself (alert or status);
          aria-live="off" only marks the list as live content, which an open dialog must not hide. */}
      <ol aria-live="off" className="flex flex-col-reverse">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
