/**
 * A value made the first time it is asked for, then kept. For Intl formatters above all: the
 * first one a page makes costs about 20 ms here (the locale's data), 80 ms on Lighthouse's 4x
 * slower phone, which a module making it as it loads adds to a dashboard's first load whether
 * or not its screen formats anything (issue 47).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
