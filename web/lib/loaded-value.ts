import { useState } from "react";

/**
 * A form's value that starts from loaded data and follows a later load (the session read again, settings
 * refetched on focus) only while the seller has not typed in it: what the seller typed is never replaced
 * by data that arrived after it. `same` tells two loads apart (identity by default).
 */
export function useLoadedValue<T>(
  loaded: T,
  same: (a: T, b: T) => boolean = Object.is,
): { value: T; set: (next: T | ((current: T) => T)) => void; touched: boolean; reset: (to: T) => void } {
  const [value, setValue] = useState(loaded);
  const [from, setFrom] = useState(loaded);
  const [touched, setTouched] = useState(false);
  // Adjusted while rendering (React's way for state that follows a prop), so no frame shows the old value.
  if (!same(loaded, from)) {
    setFrom(loaded);
    if (!touched) setValue(loaded);
  }
  return {
    value,
    touched,
    set: (next) => {
      setTouched(true);
      setValue(next);
    },
    /** After the seller's own save: the saved value, untouched again. */
    reset: (to) => {
      setTouched(false);
      setValue(to);
      setFrom(to);
    },
  };
}
