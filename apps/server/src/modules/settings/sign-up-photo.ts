import { addressKey } from '../../auth/client-address.ts';
import { RateLimits, type Limit } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import type { Uploader } from '../catalog/picture-upload.ts';

/**
 * Sign-up photos from one client address in an hour: as many as the sign-ups it may make
 * (SIGN_UP_PER_ADDRESS), and twice that for pictures chosen again before sending the form.
 */
export const SIGN_UP_PHOTOS_PER_ADDRESS: Limit = { max: 20, minutes: 60 };

/**
 * The uploader of the sign-up form's photo (`Photo URL`'s upload): nobody is signed in yet, so it is
 * counted per client address, before any decoding, and the picture belongs to no account.
 */
export const signUpPhotoUploader: Uploader = async (req) => {
  const minutes = await new RateLimits(req.server.pg).take([{ key: `sign-up-photo:${addressKey(req.ip)}`, limit: SIGN_UP_PHOTOS_PER_ADDRESS }]);
  if (minutes > 0) throw new AppError('TOO_MANY_REQUESTS', `Too many photos uploaded from your network. Try again in ${waitWords(minutes)}.`, minutes * 60);
  return null;
};
