// Placeholder until this page lands (issue 5, being built now); replaced whole.

import { useRoute } from '../../app/useRoute';
import { PendingPage } from '../pending/PendingPage';

export default function VideoPlayPage() {
  const route = useRoute();
  return <PendingPage page={route.page} />;
}
