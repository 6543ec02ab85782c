// Every Mantine component's styles and the toasts'; loaded with the Mantine shell (see
// mantine-shell.tsx), never by the landing page.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
