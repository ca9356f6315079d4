import { UsersPage } from './users-page.tsx';

export default function AllSellersPage() {
  return <UsersPage kind="seller" />;
}
