// The matchers the shared jest setup adds (toBeInTheDocument, toHaveFocus…), for the type checker of every package.
/// <reference types="@testing-library/jest-dom" />
