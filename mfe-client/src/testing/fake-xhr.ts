/** An XMLHttpRequest a test drives: it reports upload progress and answers when told. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  upload = new EventTarget();
  private events = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

export function installFakeXhr() {
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  FakeXhr.last = null;
}
