import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en';
import { messages as fr } from '../../locales/fr';
import { ChatWidget } from './chat-widget';
import { messagingNumber } from './messaging-link';

// What the chat tells a visitor, word for word, in both languages, with the page each answer links to.
// Written out here rather than read from the catalogs: a changed answer must be a deliberate change to this file.

interface Expected {
  topic: string;
  question: string;
  answer: string;
  link: { name: string; path: string } | null;
}

const EN: Expected[] = [
  {
    topic: 'Pricing',
    question: 'How much does Fundament cost?',
    answer:
      "Posting a project and receiving quotes is free. When you fund a milestone, you pay the milestone's amount plus three fees: Fundament's platform fee of 1.5 %, the independent expert's inspection fee for that milestone, and the payment provider's fee. The funding window shows each of them before you confirm.",
    link: { name: 'See the fees, with an example', path: '/fees' },
  },
  {
    topic: 'Pricing',
    question: 'Do I need a subscription?',
    answer:
      "No. There is no subscription and no monthly charge: you pay only when you fund a milestone, the platform fee of 1.5 %, the expert's inspection fee and the payment provider's fee.",
    link: { name: 'See the fees, with an example', path: '/fees' },
  },
  {
    topic: 'Support',
    question: 'I did not receive my verification e-mail',
    answer:
      'After you sign up, we send a link to your e-mail address to confirm it. Check your inbox and your spam folder; it can take a minute to arrive. If it still has not, sign in with your e-mail address and password: you will be offered to send the link again.',
    link: { name: 'Sign in', path: '/login' },
  },
  {
    topic: 'Support',
    question: 'How do I get paid for a milestone?',
    answer:
      "The client's money for each milestone is held in escrow. Once an independent expert has inspected the work and the client releases the milestone, its amount becomes your available balance. Add a payout method on your escrow page, an MTN or Orange Mobile Money number or a bank account (IBAN or RIB), in your own name: a new method can be used 72 hours after it is added. Then withdraw your balance, or choose to be paid automatically after each release.",
    link: { name: 'Open my escrow', path: '/main/escrow' },
  },
  {
    topic: 'Support',
    question: 'I cannot log in',
    answer:
      'Check the e-mail address and the password, or use "Continue with Google" if you signed up that way. If you forgot your password, ask for a reset e-mail and choose a new one.',
    link: { name: 'Reset my password', path: '/forgot-password' },
  },
  {
    topic: 'Dispute',
    question: 'How do I resolve a dispute?',
    answer:
      "Open the contract, choose the milestone concerned and open a dispute: describe the problem and attach up to five photos or PDF files. The milestone's money stays held in escrow while our team mediates and hears both sides.",
    link: { name: 'Open my contracts', path: '/main/escrow' },
  },
  {
    topic: 'Dispute',
    question: 'How does arbitration work?',
    answer:
      'If mediation does not settle the dispute, it goes to arbitration with an independent partner, who assesses the work and decides what is owed. Arbitration takes from 6 weeks to 3 months, and the money stays in escrow until it ends.',
    link: null,
  },
];

const FR: Expected[] = [
  {
    topic: 'Tarifs',
    question: 'Combien coûte Fundament ?',
    answer:
      "Publier un projet et recevoir des devis est gratuit. Quand vous financez un jalon, vous payez son montant plus trois frais : les frais de plateforme de Fundament de 1,5 %, les frais d'inspection de l'expert indépendant pour ce jalon et les frais du prestataire de paiement. La fenêtre de financement affiche chacun d'eux avant que vous confirmiez.",
    link: { name: 'Voir les frais, avec un exemple', path: '/fees' },
  },
  {
    topic: 'Tarifs',
    question: 'Dois-je souscrire un abonnement ?',
    answer:
      "Non. Il n'y a ni abonnement ni frais mensuels : vous ne payez que lorsque vous financez un jalon, les frais de plateforme de 1,5 %, les frais d'inspection de l'expert et les frais du prestataire de paiement.",
    link: { name: 'Voir les frais, avec un exemple', path: '/fees' },
  },
  {
    topic: 'Assistance',
    question: "Je n'ai pas reçu mon e-mail de vérification",
    answer:
      "Après votre inscription, nous envoyons un lien à votre adresse e-mail pour la confirmer. Vérifiez votre boîte de réception et vos courriers indésirables ; il peut mettre une minute à arriver. S'il n'est toujours pas là, connectez-vous avec votre adresse e-mail et votre mot de passe : il vous sera proposé de renvoyer le lien.",
    link: { name: 'Se connecter', path: '/login' },
  },
  {
    topic: 'Assistance',
    question: 'Comment suis-je payé pour un jalon ?',
    answer:
      "L'argent du client pour chaque jalon est conservé sous séquestre. Une fois que l'expert indépendant a inspecté les travaux et que le client a libéré le jalon, son montant s'ajoute à votre solde disponible. Ajoutez un moyen de versement sur votre page de séquestre, un numéro Mobile Money MTN ou Orange ou un compte bancaire (IBAN ou RIB), à votre nom : un nouveau moyen est utilisable 72 heures après son ajout. Retirez ensuite votre solde, ou choisissez d'être payé automatiquement après chaque libération.",
    link: { name: 'Ouvrir mon séquestre', path: '/main/escrow' },
  },
  {
    topic: 'Assistance',
    question: "Je n'arrive pas à me connecter",
    answer:
      "Vérifiez l'adresse e-mail et le mot de passe, ou utilisez « Continuer avec Google » si vous vous êtes inscrit ainsi. Si vous avez oublié votre mot de passe, demandez un e-mail de réinitialisation et choisissez-en un nouveau.",
    link: { name: 'Réinitialiser mon mot de passe', path: '/forgot-password' },
  },
  {
    topic: 'Litige',
    question: 'Comment résoudre un litige ?',
    answer:
      "Ouvrez le contrat, choisissez le jalon concerné et ouvrez un litige : décrivez le problème et joignez jusqu'à cinq photos ou fichiers PDF. L'argent du jalon reste sous séquestre pendant que notre équipe mène la médiation et entend les deux parties.",
    link: { name: 'Ouvrir mes contrats', path: '/main/escrow' },
  },
  {
    topic: 'Litige',
    question: "Comment fonctionne l'arbitrage ?",
    answer:
      "Si la médiation ne règle pas le litige, il passe en arbitrage auprès d'un partenaire indépendant, qui évalue les travaux et décide de ce qui est dû. L'arbitrage dure de 6 semaines à 3 mois, et l'argent reste sous séquestre jusqu'à la fin.",
    link: null,
  },
];

beforeEach(() => {
  jest.useFakeTimers();
  i18n.load({ en, fr });
});

afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

describe.each([
  ['en', EN, 'Need help?', 'Back', 'You: ', 'Support: '],
  ['fr', FR, "Besoin d'aide ?", 'Retour', 'Vous : ', 'Assistance : '],
] as const)('every answer in %s', (locale, expected, launcher, back, sentPrefix, receivedPrefix) => {
  test.each([
    ['on the site, links on the page itself', undefined, ''],
    ['on another site, links to the product in a new tab', 'https://fundament.example/', 'https://fundament.example'],
  ])('%s', async (_where, siteUrl, origin) => {
    act(() => i18n.activate(locale));
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(
      <I18nProvider i18n={i18n}>
        <ChatWidget phone="33184800000" siteUrl={siteUrl} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: launcher }));
    // Every question of every topic is listed, and nothing else is.
    const topics = [...new Set(expected.map((item) => item.topic))];
    for (const topic of topics) {
      await user.click(screen.getByRole('button', { name: topic }));
      const questions = expected.filter((item) => item.topic === topic);
      const group = screen.getByRole('group');
      expect(
        within(group)
          .getAllByRole('button')
          .map((button) => button.textContent)
          .slice(0, -2),
      ).toEqual(questions.map((item) => item.question));
      for (const item of questions) {
        await user.click(screen.getByRole('button', { name: item.question }));
        act(() => jest.advanceTimersByTime(300));
        const messages = within(screen.getByRole('log')).getAllByRole('paragraph');
        expect(messages.at(-2)!.textContent).toBe(`${sentPrefix}${item.question}`);
        const answer = messages.at(-1)!;
        const links = within(answer).queryAllByRole('link');
        const linkText = item.link ? ` ${item.link.name}` : '';
        expect(answer.textContent).toBe(`${receivedPrefix}${item.answer}${linkText}`);
        if (item.link) {
          expect(links).toHaveLength(1);
          expect(links[0]).toHaveAccessibleName(item.link.name);
          expect(links[0]).toHaveAttribute('href', `${origin}${item.link.path}`);
          if (siteUrl) expect(links[0]).toHaveAttribute('target', '_blank');
          else expect(links[0]).not.toHaveAttribute('target');
        } else {
          expect(links).toHaveLength(0);
        }
      }
      await user.click(screen.getByRole('button', { name: back }));
    }
  });
});

describe('the messaging number', () => {
  test.each([
    ['33184800000', '33184800000'],
    ['+237 6 99 00 11 22', '237699001122'],
    ['+33 (1) 84-80.00.00', '33184800000'],
    ['', null],
    ['   ', null],
    ['call us', null],
    ['+33 1 84 80 00 00 ext 2', null],
    ['1234567', null],
    ['1234567890123456', null],
  ])('%j is %j', (written, digits) => {
    expect(messagingNumber(written)).toBe(digits);
  });

  test.each(['', 'not a number'])('%j disables "Talk to an agent" on the start and in a topic, and opens nothing', async (phone) => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    act(() => i18n.activate('en'));
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(
      <I18nProvider i18n={i18n}>
        <ChatWidget phone={phone} />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Need help?' }));
    const agent = screen.getByRole('button', { name: 'Talk to an agent' });
    expect(agent).toBeDisabled();
    expect(agent).toHaveAccessibleDescription('Talking to an agent is not available at the moment.');
    await user.click(agent);
    await user.click(screen.getByRole('button', { name: 'Pricing' }));
    expect(screen.getByRole('button', { name: 'Talk to an agent' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Talk to an agent' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Fundament support' })).toBeVisible();
    open.mockRestore();
  });
});
