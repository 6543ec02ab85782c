import { Alert, createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps white button text and violet links above 4.5:1 contrast (WCAG AA).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  // A person whose system asks for reduced motion (prefers-reduced-motion: reduce) gets menus,
  // dialogs and toasts at once, without their transitions (e2e/motion.e2e.ts).
  respectReducedMotion: true,
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    // Mantine's yellow, orange and teal alert titles on their light backgrounds are below 4.5:1
    // contrast (axe): those titles are in the text color.
    Alert: Alert.extend({
      styles: (_theme, props) =>
        props.color === 'yellow' || props.color === 'orange' || props.color === 'teal'
          ? { title: { color: 'var(--mantine-color-text)' } }
          : {},
    }),
    // Toasts: a named close button, and description text dark enough for 4.5:1 contrast.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});

/**
 * A filled button's background for a colour whose shade 7 (the primary shade) is too light for
 * white text: teal 7 is 3.12:1 (the guest page's Approve, issue 37), orange 7 3.04:1 (its Send
 * change request), red 7 3.84:1 (every confirm of a destructive dialog). Shade 9 is 5.00:1 for
 * teal and 5.46:1 for red; orange 9 is still 4.30:1, so it is darkened 10% (5.14:1). Hover goes
 * darker still, never lighter.
 */
const FILLED: Record<string, string> = {
  teal: 'var(--mantine-color-teal-9)',
  red: 'var(--mantine-color-red-9)',
  orange: 'color-mix(in srgb, var(--mantine-color-orange-9), black 10%)',
};
const filledVariables = Object.fromEntries(
  Object.entries(FILLED).flatMap(([color, fill]) => [
    [`--mantine-color-${color}-filled`, fill],
    [`--mantine-color-${color}-filled-hover`, `color-mix(in srgb, ${fill}, black 12%)`],
  ]),
);

/** Mantine's default dimmed and error greys/reds are below 4.5:1 on white; darken them. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    ...filledVariables,
  },
  dark: {},
});
