import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true right after it, in a transition. What a screen
 * shows below its first view can wait for the second pass: the first frame's task stays short
 * (a dialog's above all, which Mantine's portal draws in one synchronous render) and React draws
 * the rest in slices, between which the phone answers the person (issue 47).
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    startTransition(() => setSecond(true));
  }, []);
  return second;
}
