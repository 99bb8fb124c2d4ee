// The demo page's script (a file, not inline: the product's CSP allows no inline script).
function start(): void {
  const chat = window.SupportChat;
  const language = document.getElementById('demo-language');
  const position = document.getElementById('demo-position');
  if (!chat || !(language instanceof HTMLSelectElement) || !(position instanceof HTMLSelectElement)) return;
  const slot = document.body;
  const apply = () => {
    document.documentElement.lang = language.value;
    chat.mount(slot, { locale: language.value, position: position.value });
  };
  language.addEventListener('change', apply);
  position.addEventListener('change', apply);
  apply();
}

start();

export {};
