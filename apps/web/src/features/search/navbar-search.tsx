import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { maxKeywordLength } from '@second-gear/contract/constants';
import { SearchIcon } from '../../ui/icons.tsx';

/**
 * The navbar's way into the search from 1280 px: a `Search cars` field that opens
 * `/search?keyword=…`. Narrower, the menus have a `Search cars` link instead (app/nav-items.tsx): at
 * 1024 px the field would cover the pages' links, and a phone's row has no room for even an icon
 * beside the bell, the avatar and Sign Out at 390 px.
 */
export function NavbarSearch() {
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('keyword') ?? '').trim();
    void navigate(keyword ? `/search?${new URLSearchParams({ keyword }).toString()}` : '/search');
  };

  return (
    <form role="search" onSubmit={submit} className="hidden xl:block">
      <label htmlFor={id} className="sr-only">
        Search cars
      </label>
      <div className="input h-11 w-56">
        <SearchIcon className="h-5 w-5 shrink-0 opacity-60" />
        <input id={id} type="search" name="keyword" placeholder="Make, model or word" maxLength={maxKeywordLength} />
      </div>
    </form>
  );
}
