interface BlogEntry {
  question: string;
  answer: string[];
}

const entries: BlogEntry[] = [
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state lives in a component with useState or useReducer and is the right default: it is simple and keeps data next to the code that uses it. When several components need the same value, lift the state up to their closest common parent and pass it down as props; when that becomes deep prop drilling, React Context shares it with a whole subtree (best for values that change rarely, such as the theme or the signed-in user).',
      'Data that comes from a server is better treated as a cache than as state: libraries such as TanStack Query or SWR fetch, cache, refetch and invalidate it for you. Truly global client state with many writers can go to a store such as Redux Toolkit, Zustand or Jotai, and state that belongs in the address bar (filters, the current page, the selected tab) should live in the URL through the router.',
    ],
  },
  {
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object (or to null). When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype\'s prototype, and so on up the chain until it finds the property or reaches null and answers undefined. Writing a property, in contrast, always creates it on the object itself.',
      'Objects created with a constructor function and new get that function\'s prototype object as their [[Prototype]], so methods defined there are shared by every instance instead of being copied. Object.create(proto) makes the link explicitly, and the class syntax is a cleaner way of writing the same thing: extends links one prototype to another, and super calls up that chain.',
    ],
  },
  {
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it sets up an input, runs the unit and asserts on the output or behaviour, with slow or unpredictable collaborators (network, database, clock) replaced by fakes. Tools such as Vitest, Jest and Testing Library make them quick to write and run in milliseconds.',
      'They catch bugs at the moment they are written, when they are cheapest to fix; they let you refactor with confidence, because a green suite tells you the behaviour did not change; and they document how the code is meant to be used. Good unit tests test behaviour rather than implementation details, so they only fail when something a user would notice has broken.',
    ],
  },
  {
    question: 'React vs. Angular vs. Vue?',
    answer: [
      'React is a library for building user interfaces from components written in JSX. It focuses on the view layer and leaves routing, data fetching and forms to the ecosystem, which gives a lot of freedom and a huge community, at the cost of more decisions to make. Angular is a complete, opinionated framework from Google built on TypeScript, with dependency injection, a router, forms and an HTTP client included; it suits large teams that value a single consistent way of doing things, but it has the steepest learning curve.',
      'Vue sits between the two: a progressive framework with HTML-based templates, built-in reactivity and official router and state libraries, known for being approachable and well documented. All three are fast and production-ready; the best choice usually depends on the team\'s experience, the size of the project and how much structure you want the framework to impose.',
    ],
  },
];

export default function BlogPage() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <title>Blog · Second Gear</title>
      <h1 className="mb-2 text-center text-4xl font-extrabold">Featured Blogs</h1>
      <p className="mb-10 text-center text-base-content/70">Answers to questions web developers ask us most.</p>
      <div className="flex flex-col gap-4">
        {entries.map((entry) => (
          <details key={entry.question} className="collapse-arrow collapse border border-base-300 bg-base-100 shadow-sm">
            <summary className="collapse-title text-lg font-semibold">{entry.question}</summary>
            <div className="collapse-content space-y-3 text-base-content/80">
              {entry.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
