import { UsersPage } from './users-page.tsx';

export default function AllBuyersPage() {
  return <UsersPage kind="buyer" />;
}
