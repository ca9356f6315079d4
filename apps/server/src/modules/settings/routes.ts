import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailChangeAnswer, emailChangeBody, profileAnswer, profileBody, sessionIdParam, signedInDevice as deviceAnswer, signedOutAnswer } from '@second-gear/contract';
import { z } from 'zod';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { registerPictureUpload } from '../catalog/picture-upload.ts';
import { signedInDevice, type SessionRow } from './devices.ts';
import { requestEmailChange } from './email-change.ts';
import { signUpPhotoUploader } from './sign-up-photo.ts';
import { profileOf, updateProfile } from './profile.ts';

/**
 * Settings (`/dashboard/settings`): the caller's own profile, email, and signed-in devices. Every
 * route is the caller's alone: nothing names a person, and a session id that is not the caller's is a 404.
 * The one route without a caller is the sign-up form's photo, before the account exists.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.get('/me/profile', { onRequest: requireUser, schema: { tags, summary: 'The caller’s profile', response: { 200: profileAnswer } } }, async (req) =>
    profileOf(app.pg, actorOf(req)),
  );

  app.patch(
    '/me/profile',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Change the caller’s name, photo, phone or time zone', body: profileBody, response: { 200: profileAnswer } },
    },
    async (req) => {
      const actor = actorOf(req);
      const profile = await updateProfile(app.pg, actor, req.body);
      // The name and photo are in every cached session of the person: this answer's next read is fresh.
      app.sessions.dropUser(actor.id);
      return profile;
    },
  );

  await registerPictureUpload(app, '/me/photo', {
    onRequest: requireUser,
    tags,
    summary: 'Upload a profile photo (multipart field "image"); save its URL with PATCH /api/me/profile',
  });

  // Before the account exists: the sign-up form's upload beside its required Photo URL, which it fills.
  await registerPictureUpload(app, '/signup/photo', {
    onRequest: undefined,
    tags,
    summary: 'Upload the photo of an account about to be made (multipart field "image"), signed out; its URL goes into the sign-up’s Photo URL. Limited per client address',
    uploader: signUpPhotoUploader,
  });

  app.post(
    '/me/email',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Ask to change the caller’s email: a link goes to the new address',
        body: emailChangeBody,
        response: { 200: emailChangeAnswer, 429: refusal('Too many email changes; `Retry-After` says when to try again.') },
      },
    },
    async (req) => requestEmailChange(req, actorOf(req), req.body.newEmail),
  );

  /** The caller's sessions as better-auth lists them, and the token of the one this request came with. */
  const sessionsOf = async (headers: Headers) => {
    const [current, sessions] = await Promise.all([app.auth.api.getSession({ headers }), app.auth.api.listSessions({ headers })]);
    if (!current) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
    return { current: current.session.token, sessions: sessions as SessionRow[] };
  };

  app.get(
    '/me/sessions',
    { onRequest: requireUser, schema: { tags, summary: 'The caller’s signed-in devices, most recently seen first', response: { 200: z.array(deviceAnswer) } } },
    async (req) => {
      const { current, sessions } = await sessionsOf(fromNodeHeaders(req.headers));
      return sessions.map((s) => signedInDevice(s, current)).sort((a, b) => Number(b.thisDevice) - Number(a.thisDevice) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Sign out one of the caller’s other devices',
        params: sessionIdParam,
        response: { 200: signedOutAnswer, 404: refusal('No such session of the caller.') },
      },
    },
    async (req) => {
      const headers = fromNodeHeaders(req.headers);
      const { current, sessions } = await sessionsOf(headers);
      const session = sessions.find((s) => s.id === req.params.id);
      if (!session) throw new AppError('NOT_FOUND', 'That device is not signed in to your account.');
      if (session.token === current) throw new AppError('BAD_REQUEST', 'This is the device you are using: sign out from the menu instead.');
      await app.auth.api.revokeSession({ headers, body: { token: session.token } });
      app.sessions.dropUser(actorOf(req).id);
      return { signedOut: 1 };
    },
  );

  app.post(
    '/me/sessions/sign-out-others',
    { onRequest: requireUser, schema: { tags, summary: 'Sign out every device of the caller but this one', response: { 200: signedOutAnswer } } },
    async (req) => {
      const headers = fromNodeHeaders(req.headers);
      const { current, sessions } = await sessionsOf(headers);
      await app.auth.api.revokeOtherSessions({ headers });
      app.sessions.dropUser(actorOf(req).id);
      return { signedOut: sessions.filter((s) => s.token !== current).length };
    },
  );
};
