import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Whether an element is on screen: returns a ref for it, a getter of the latest answer (for event
 * handlers, without re-rendering them) and the answer as state.
 */
export function useInView() {
  const [element, setElement] = useState<Element | null>(null);
  const [inView, setInView] = useState(false);
  const latest = useRef(false);

  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      latest.current = visible;
      setInView(visible);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  const isInView = useCallback(() => latest.current, []);
  return { ref: setElement, inView, isInView };
}
