import { useState, type ChangeEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { signUpRoles, type SignUpRole } from '@second-gear/contract/constants';
import { FileField, SelectField, TextField } from '../../ui/form-field.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { imageAccept, imageProblem, usePictureUpload } from '../../lib/upload.ts';
import { useAuth } from './auth-context.ts';
import { AuthCard, EmailField, emailRules, newPasswordRules, ProviderError } from './auth-card.tsx';
import { signInPath, useReturnPath } from './return-path.ts';
import { SignInReason } from './sign-in-reason.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

/** The upload beside Photo URL, before any account exists (the server counts it per client address). */
const SIGN_UP_PHOTO_PATH = '/api/signup/photo';

interface SignUpValues {
  name: string;
  photoURL: string;
  email: string;
  password: string;
  role: SignUpRole | '';
}

export default function SignUpPage() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  // A visitor who pressed an action comes back to it once their account is made (`?next=`, same site only).
  const next = useReturnPath(useLocation().state);
  const [providerError, setProviderError] = useState('');
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({ defaultValues: { name: '', photoURL: '', email: '', password: '', role: '' } });
  const { progress, upload } = usePictureUpload(SIGN_UP_PHOTO_PATH);
  const [uploadError, setUploadError] = useState<string | undefined>();

  // The specification's Photo URL stays the field that is sent and required; a chosen picture is
  // uploaded here and its web address fills that field (still editable).
  const onPhotoChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    setUploadError(problem);
    if (problem) return;
    try {
      const path = await upload(file);
      setValue('photoURL', new URL(path, window.location.origin).href, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      setUploadError(errorMessage(error, 'The photo could not be uploaded.'));
    }
  };

  const onSubmit = async ({ name, photoURL, email, password, role }: SignUpValues) => {
    if (role === '') return;
    setProviderError('');
    try {
      await signUp({ name, photoURL, email, password, role });
      toast.success('User Created Successfully.');
      await navigate(next ?? '/', { replace: next !== null });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Sign up failed';
      toast.error(message);
      setProviderError(message);
    }
  };

  return (
    <AuthCard title="Sign Up">
      <title>Sign Up · Second Gear</title>
      {next === null ? null : <SignInReason from={next} verb="Sign up" />}
      <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name', { required: 'Name is required' })} />
        <TextField
          label="Photo URL"
          type="url"
          inputMode="url"
          autoComplete="photo"
          error={errors.photoURL?.message}
          {...register('photoURL', { required: 'Photo URL is required' })}
        />
        <FileField
          label="Upload a photo"
          accept={imageAccept}
          hint="Or upload one: its address fills Photo URL. JPEG, PNG, WebP or AVIF, up to 10 MB."
          error={uploadError}
          disabled={progress !== null}
          onChange={(event) => void onPhotoChosen(event)}
        />
        {progress !== null ? <UploadProgress progress={progress} label="Uploading photo" /> : null}
        <EmailField error={errors.email?.message} {...register('email', emailRules)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', newPasswordRules)}
        />
        <SelectField label="User Role" error={errors.role?.message} {...register('role', { required: 'User Role is Required' })}>
          <option value="" disabled>
            Select User Role
          </option>
          {signUpRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <ProviderError message={providerError} />
        <p className="text-sm text-base-content/80">
          By signing up you agree to the{' '}
          <Link to="/terms" className="link link-primary">
            Terms of Use
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="link link-primary">
            Privacy Policy
          </Link>
          .
        </p>
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary mt-2 w-full">
          Sign Up
        </BusyButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={signInPath('/login', next)} className="link link-primary font-medium">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
