/**
 * Starts Google sign-in. The server answers /api/auth/google-start with the
 * redirect to the identity provider and brings the person back to `from`.
 */
export function signInWithGoogle(from: string): void {
  window.location.assign('/api/auth/google-start?callbackURL=' + encodeURIComponent(from));
}
