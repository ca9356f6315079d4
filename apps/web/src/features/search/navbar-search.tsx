import { useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { maxKeywordLength } from '@second-gear/contract/constants';
import { SearchIcon } from '../../ui/icons.tsx';

/**
 * The navbar's way into the search: from a laptop's width a `Search cars` field that opens
 * `/search?keyword=…`; narrower, an icon link to `/search` of the same name, so that the bell, the
 * avatar and the menu still fit a 320 px row.
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
    <>
      <form role="search" onSubmit={submit} className="hidden lg:block">
        <label htmlFor={id} className="sr-only">
          Search cars
        </label>
        <div className="input h-11 w-44 xl:w-56">
          <SearchIcon className="h-5 w-5 shrink-0 opacity-60" />
          <input id={id} type="search" name="keyword" placeholder="Make, model or word" maxLength={maxKeywordLength} />
        </div>
      </form>
      <Link to="/search" aria-label="Search cars" className="btn btn-ghost btn-square size-11 max-[380px]:size-9 lg:hidden">
        <SearchIcon className="h-6 w-6" />
      </Link>
    </>
  );
}
