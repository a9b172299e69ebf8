import { Placeholder } from './Placeholder';

export default function PeriodsPage() {
  return <Placeholder page="periods" />;
}
