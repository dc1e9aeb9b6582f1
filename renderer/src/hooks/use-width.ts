import { useCallback, useRef, useState } from 'react';

/**
 * The inline width of an element, followed as it resizes: pass `ref` as the element's ref. Undefined until
 * it is first measured (and where the browser has no ResizeObserver), so a caller chooses what suits an
 * unknown width. A callback ref, so an element that appears after the first render is measured too.
 */
export function useWidth<T extends HTMLElement>() {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver>(undefined);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.getBoundingClientRect().width);
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.current.observe(element);
  }, []);
  return { ref, width };
}
