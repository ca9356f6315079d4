import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Profile } from '@second-gear/contract';
import { profileLimits } from '@second-gear/contract/constants';
import { Avatar } from '../../ui/avatar.tsx';
import { FileField, SelectField, TextField } from '../../ui/form-field.tsx';
import { SettingsSection } from './settings-section.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { useFilePreview } from '../../ui/use-file-preview.ts';
import { errorMessage } from '../../lib/errors.ts';
import { imageAccept, imageProblem, usePictureUpload } from '../../lib/upload.ts';
import { useAuth } from '../auth/index.ts';
import { PHOTO_UPLOAD_PATH, profileKey, saveProfile } from './api.ts';
import { browserTimeZone, fieldOfRefusal, timeZoneChoices } from './time-zones.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

interface ProfileValues {
  name: string;
  photo: FileList | null;
  phone: string;
  timeZone: string;
}

/**
 * Profile: `Name`, `Photo` (uploaded with its progress, previewed), `Phone` (the booking modal starts
 * with it) and `Time zone` (the zone the pages, emails and calendar files write times in; the browser's,
 * kept at the first sign-in, until another is saved). The server's refusal of a field is shown under that field.
 */
export function ProfileSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [preview, showPreview] = useFilePreview();
  const { progress, upload } = usePictureUpload(PHOTO_UPLOAD_PATH);
  const [zones] = useState(() => timeZoneChoices(profile.timeZone ?? '', browserTimeZone()));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ defaultValues: valuesOf(profile) });
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const save = useMutation({
    mutationFn: async ({ name, photo, phone, timeZone }: ProfileValues) => {
      const file = photo?.[0];
      const image = file ? await upload(file) : profile.image;
      return saveProfile({ name, image, phone: phone.trim() || null, timeZone });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKey, saved);
      toast.success('Profile saved');
      showPreview(undefined);
      await refresh();
    },
    onError: (error) => {
      const refusal = fieldOfRefusal(error);
      if (refusal) setError(refusal.field === 'image' ? 'photo' : refusal.field, { message: refusal.message }, { shouldFocus: true });
      else toast.error(errorMessage(error));
    },
  });

  const photoField = register('photo', {
    validate: (files) => (files?.[0] ? imageProblem(files[0]) : undefined) ?? true,
    onChange: (event: { target: HTMLInputElement }) => showPreview(event.target.files?.[0]),
  });

  return (
    <SettingsSection title="Profile">
      <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}>
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={profileLimits.name}
          error={errors.name?.message}
          {...register('name', { required: 'Name is required', validate: (v) => v.trim() !== '' || 'Name is required' })}
        />
        {/* On a phone the photo stands above the field: beside it, the file input is too narrow to read "No file chosen" whole. */}
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-end">
          <Avatar name={profile.name} photo={preview ?? profile.image} size={64} />
          <div className="w-full min-w-0 sm:flex-1">
            <FileField label="Photo" accept={imageAccept} hint="A JPEG, PNG, WebP or AVIF picture, up to 10 MB." error={errors.photo?.message} {...photoField} />
          </div>
        </div>
        {progress !== null ? <UploadProgress progress={progress} label="Uploading photo" /> : null}
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={profileLimits.phone}
          hint="Optional. Booking a viewing starts with it."
          error={errors.phone?.message}
          {...register('phone')}
        />
        <SelectField label="Time zone" error={errors.timeZone?.message} {...register('timeZone')}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <div className="card-actions">
          <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
            Save
          </BusyButton>
        </div>
      </form>
    </SettingsSection>
  );
}

function valuesOf(profile: Profile): ProfileValues {
  return { name: profile.name, photo: null, phone: profile.phone ?? '', timeZone: profile.timeZone ?? browserTimeZone() };
}
