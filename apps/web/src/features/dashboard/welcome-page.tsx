import { useAuth, useRole } from '../auth/index.ts';

export default function WelcomePage() {
  const { user } = useAuth();
  const { isAdmin, isSeller, isVerified, isBuyer } = useRole();
  const role = isAdmin ? 'Admin' : isSeller ? 'Seller' : isBuyer ? 'Buyer' : null;

  return (
    <section className="mx-auto max-w-3xl">
      <title>Dashboard · Second Gear</title>
      <div className="card border border-base-200 bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h1 className="text-3xl font-bold">Welcome, {user?.name}</h1>
          <p className="text-lg text-base-content/80">{user?.email}</p>
          {role ? (
            <div className="flex flex-wrap gap-2">
              <span className="badge badge-primary">{role}</span>
              {isSeller && isVerified ? <span className="badge badge-success">Verified Seller</span> : null}
            </div>
          ) : null}
          <p className="text-base-content/70">Use the dashboard menu to manage your account.</p>
        </div>
      </div>
    </section>
  );
}
