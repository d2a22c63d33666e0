import { useEffect, useState } from "react";

/** The value once it has stayed the same for `ms` (typing has paused), e.g. before searching. */
export function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
