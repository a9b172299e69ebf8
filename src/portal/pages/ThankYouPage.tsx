import { useSearchParams } from 'react-router-dom';
import { Placeholder } from './Placeholder';

export default function ThankYouPage() {
  const [params] = useSearchParams();
  return <Placeholder page="thanks" params={{ name: params.get('name') ?? '' }} />;
}
