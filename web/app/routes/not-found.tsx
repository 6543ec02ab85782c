import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { MessageScreen } from '../../components/message-screen';
import { pageTitle } from '../../lib/site';

export function NotFoundRoute() {
  useDocumentTitle(pageTitle('Page Not Found'));
  return (
    <MessageScreen
      title="Page Not Found"
      actions={
        <Button component={Link} to="/">
          Back to home
        </Button>
      }
    >
      The page you are looking for does not exist or has moved.
    </MessageScreen>
  );
}
