import { ApiError, isApiError } from './api-error';

it('knows an API error thrown by another copy of the module (a remote’s own copy of a shared module)', () => {
  // What another bundle's ApiError looks like from here: another class, the same global mark.
  const mark = Symbol.for('fundament.api-error');
  class OtherCopy extends Error {
    constructor(message: string) {
      super(message);
      Object.defineProperty(this, mark, { value: true });
    }
  }
  expect(isApiError(new OtherCopy('This code is not valid.'))).toBe(true);
  expect(isApiError(new ApiError('http', 422, 'This code is not valid.'))).toBe(true);
  expect(isApiError(new Error('network down'))).toBe(false);
});
