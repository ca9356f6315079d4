import { useAuth, useRole } from '../auth/index.ts';
import { NumberTiles } from './number-tiles.tsx';

export default function WelcomePage() {
  const { user } = useAuth();
  const { isAdmin, isSeller, isVerified, isBuyer } = useRole();
  const role = isAdmin ? 'Admin' : isSeller ? 'Seller' : isBuyer ? 'Buyer' : null;

  return (
    <section>
      <title>Dashboard · Second Gear</title>
      <div className="card border border-base-200 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5 sm:p-8">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">Welcome, {user?.name}</h1>
          <p className="[overflow-wrap:anywhere] text-base-content/80 sm:text-lg">{user?.email}</p>
          {/* The badges' row keeps its height while the role is looked up, so the numbers below do not move. */}
          <div className="flex min-h-6 flex-wrap gap-2">
            {role ? <span className="badge badge-primary">{role}</span> : null}
            {isSeller && isVerified ? <span className="badge badge-success">Verified Seller</span> : null}
          </div>
        </div>
      </div>
      <NumberTiles />
    </section>
  );
}
