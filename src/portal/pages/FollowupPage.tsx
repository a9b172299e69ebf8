import { Placeholder } from './Placeholder';

export default function FollowupPage() {
  return <Placeholder page="followup" />;
}
