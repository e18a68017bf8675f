import { Link } from 'react-router';
import { LIMITED_PLAN, TERMS, VAT } from '@husly/domain';
import { COMPLAINT_LINKS } from './links';
import type { InfoContent } from './types';

export const en: InfoContent = {
  about: (
    <>
      <p>
        Husly brings vacant rental homes from all over Denmark together in one place: flats, terraced houses, detached
        houses and rooms from private landlords, housing companies and property managers. Search by city, rent, rooms and
        size, and see straight away what is available right now.
      </p>
      <h2>Why Husly exists</h2>
      <p>
        Finding a rental home can feel like a full-time job. Listings are spread over many sites, the good ones go fast,
        and you do not always know who you are dealing with. We want to make it easier to get an overview and quicker to
        reach the landlord, so you spend your time on the homes that actually suit you.
      </p>
      <h2>How we help</h2>
      <ul>
        <li>
          <strong>Search and city pages</strong> – free for everyone, no profile needed.
        </li>
        <li>
          <strong>The boligagent</strong> – a free email whenever new homes match your wishes for area, rent, rooms and
          size.
        </li>
        <li>
          <strong>The tenant ad</strong> – with a subscription you see the landlords’ contact details, every image and the
          full descriptions, and you can publish an ad about yourself that landlords can find.
        </li>
      </ul>
      <p>
        Husly is not a landlord. You sign the lease directly with the landlord, and we never accept a deposit or rent on
        anyone’s behalf.
      </p>
    </>
  ),
  // Only real quotes, given with the user's consent: invented reviews are unlawful marketing
  // (markedsføringsloven § 5, bilag 1 nr. 23 b-c). None are collected yet, so the block stays hidden.
  testimonials: [],
  partners: (
    <>
      <p>
        Every day, people from all over the country use Husly to find their next rental home. If you want to reach them,
        we would like to hear from you.
      </p>
      <h2>Who we work with</h2>
      <ul>
        <li>
          <strong>Landlords, housing companies and property managers</strong> who want their vacant homes on Husly. We can
          import your homes automatically from a file or a feed, so you do not have to create them one by one.
        </li>
        <li>
          <strong>Businesses with offers for people who move</strong>, such as removal firms, insurance, electricity,
          internet and storage.
        </li>
        <li>
          <strong>Municipalities, schools and organisations</strong> that help students, newcomers or others find a home.
        </li>
      </ul>
      <h2>Marketing and cooperation</h2>
      <p>
        We are open to advertising, content partnerships and joint campaigns, as long as they are relevant and clearly
        marked for our users. We never sell our users’ data.
      </p>
      <p>
        Write to us through the <Link to="/info/contact">contact form</Link> with the subject “Partnership” and tell us
        briefly who you are and what you have in mind. We will get back to you.
      </p>
    </>
  ),
  faq: [
    {
      question: 'What does Husly cost?',
      answer: (
        <>
          <p>
            Searching, viewing the homes and creating a boligagent are free. To see the landlords’ contact details, every
            image and the full descriptions you need a tenant ad subscription. It starts at an intro price and then continues
            at the regular price until you cancel it.
          </p>
          <p>
            The current prices are shown on the <Link to="/profile/subscription">subscription page</Link> before you pay.
            All prices are in Danish kroner and include {VAT.ratePercent} % VAT.
          </p>
        </>
      ),
    },
    {
      question: 'How do I cancel my subscription?',
      answer: (
        <p>
          Log in and go to the <Link to="/profile/subscription">subscription page</Link>. Press “Cancel subscription”, then “Yes, cancel” –
          two clicks. You keep access until the end of the period, and nothing more is charged. Read more under{' '}
          <Link to="/info/afmelding">Cancellation</Link>.
        </p>
      ),
    },
    {
      question: 'Can I change my mind after buying?',
      answer: (
        <p>
          Yes. You have a {TERMS.withdrawalDays}-day right of withdrawal from the purchase. If you withdraw, you get your
          money back within {TERMS.refundDays} days. See the <Link to="/info/terms">terms</Link>.
        </p>
      ),
    },
    {
      question: 'What is a boligagent?',
      answer: (
        <p>
          A free email alert: you tell us where you want to live and how much the home may cost at most, and we email you
          when new homes match. You can create one from a search or a city page with just your email address. Every email
          has a link that stops the boligagent again in one click.
        </p>
      ),
    },
    {
      question: 'How many landlords can I contact?',
      answer: (
        <p>
          With the regular subscription there is no cap. The limited plan costs {LIMITED_PLAN.priceDkk} DKK per{' '}
          {LIMITED_PLAN.periodDays} days and lets you contact at most {LIMITED_PLAN.maxLandlordContacts} landlords per{' '}
          {LIMITED_PLAN.contactWindowDays} days – enough if you only search in one area.
        </p>
      ),
    },
    {
      question: 'Why are the images blurred?',
      answer: (
        <p>
          As a visitor you see the homes with blurred images and without the full description. With a subscription you see
          everything, including the landlord’s contact details.
        </p>
      ),
    },
    {
      question: 'How do I protect myself against rental scams?',
      answer: (
        <>
          <p>Fake landlords do exist. Stick to these rules and you are well protected:</p>
          <ul>
            <li>Never pay a deposit or rent before you have seen the home and have a signed lease.</li>
            <li>Never send money by Western Union, MoneyGram, gift cards or crypto, and never to an account abroad.</li>
            <li>
              Be careful if the landlord is “abroad” and wants to post you the keys, or if the rent is far below what similar
              homes cost.
            </li>
            <li>Never send a copy of your passport, health card or MitID details to a landlord you have not met.</li>
            <li>
              Check that the landlord owns the home: the owner is listed in the land register at tinglysning.dk. Use a standard
              Danish lease (typeformular A).
            </li>
            <li>Deposit and prepaid rent may together be at most six months’ rent.</li>
          </ul>
          <p>
            If you suspect a scam, stop all contact, report it to the police and <Link to="/info/contact">write to us</Link>{' '}
            so we can remove the listing.
          </p>
        </>
      ),
    },
    {
      question: 'Is Husly the landlord?',
      answer: (
        <p>
          No. We show homes from many landlords. You sign the lease with the landlord, and anything about the home itself –
          viewing, moving in, the deposit – you agree with them.
        </p>
      ),
    },
  ],
  afmelding: (
    <>
      <h2>Have a profile? It takes two clicks</h2>
      <ol>
        <li>
          Log in and go to the <Link to="/profile/subscription">subscription page</Link>.
        </li>
        <li>Press “Cancel subscription” next to your subscription and confirm with “Yes, cancel”.</li>
      </ol>
      <p>
        The subscription ends at the end of the period you have paid for, and you keep access until then. You get a
        confirmation by email. If you bought within the last {TERMS.withdrawalDays} days, you can use your right of
        withdrawal instead and get your money back.
      </p>
      <h2>Cannot log in?</h2>
      <p>
        If you forgot your password, you can <Link to="/reset-password">reset it here</Link>. Otherwise use the{' '}
        <Link to="/afmelding">cancellation form</Link>: give the email address you bought with, your name and phone number
        and, if you have it, the order number (four digits, on your receipt). For your safety we send a link to the email
        address of your profile, and the subscription stops when you follow it.
      </p>
      <h2>The boligagent</h2>
      <p>
        The boligagent is free and separate from the subscription. Stop it with the link at the bottom of every boligagent
        email, or under BoligAgent on your profile.
      </p>
    </>
  ),
  klagemulighed: (
    <>
      <p>
        If you are unhappy with Husly, please write to us first through the <Link to="/info/contact">contact form</Link>.
        We can solve most cases quickly, and we reply to the email address you write from.
      </p>
      <h2>Complaints about a purchase from Husly</h2>
      <p>
        If we cannot agree, you can as a consumer complain to{' '}
        <a href={COMPLAINT_LINKS.naevneneshus} rel="noopener" target="_blank">
          Nævnenes Hus
        </a>{' '}
        (the Danish complaint boards). The complaint is filed online through{' '}
        <a href={COMPLAINT_LINKS.klageportalen} rel="noopener" target="_blank">
          klageportalen
        </a>
        . First, Center for Klageløsning tries to mediate between you and us. If that fails, the case can go on to
        Forbrugerklagenævnet (the Consumer Complaints Board), which makes a decision. There is a small fee for having the
        case heard by the board.
      </p>
      <p>
        The European Commission’s online dispute resolution platform (ODR) closed in July 2025 and can no longer be used.
        Complain directly through klageportalen instead.
      </p>
      <h2>A dispute with your landlord?</h2>
      <p>
        Husly is not a party to your lease. If you disagree with your landlord about, for example, rent, the deposit, the
        heating bill or repairs when you move out, the rent tribunal (huslejenævn) of the municipality where the home is
        handles the case; you find it on the municipality’s website. For social housing (almen bolig) it is the
        beboerklagenævn.
      </p>
    </>
  ),
  advice: {
    intro: (
      <p>
        Good rental homes are in demand, especially in the big cities. With these five tips you stand a better chance when
        the right home comes along.
      </p>
    ),
    tips: [
      {
        heading: 'Start early',
        text: (
          <p>
            Start searching two to three months before you need to move. Most rental homes have three months’ notice, so
            landlords advertise well in advance. Create a <strong>boligagent</strong> so new homes reach your inbox and you can
            act before others do.
          </p>
        ),
      },
      {
        heading: 'Be realistic',
        text: (
          <p>
            Set a budget where rent and utilities take at most about a third of your income after tax, and remember the move-in
            costs: deposit and prepaid rent can together be up to six months’ rent. Tell your must-haves from your nice-to-haves.
          </p>
        ),
      },
      {
        heading: 'Search broadly',
        text: (
          <p>
            Also look at the neighbourhoods and towns around your first choice, and try one room fewer or a few square metres
            less. Good train and bus connections can make a home a little further out the best choice.{' '}
            <Link to="/byer">See all cities</Link>.
          </p>
        ),
      },
      {
        heading: 'Present yourself well',
        text: (
          <p>
            Write a short, personal message to the landlord: who you are, what you do, when you can move in and why the home
            suits you. Create a tenant ad so landlords can find you too. Be on time for the viewing, and have payslips and
            ideally a reference from a previous landlord ready.
          </p>
        ),
      },
      {
        heading: 'Get help',
        text: (
          <p>
            Tell family, friends and colleagues that you are looking – many homes are let before they are ever advertised. If
            you need a roof over your head quickly, contact your municipality. And if you are unsure about a lease, a tenants’
            association (lejerforening) can go through it before you sign.
          </p>
        ),
      },
    ],
  },
  contact: (
    <p>
      Questions about your subscription, a home or your profile? Write to us. Have a look at the{' '}
      <Link to="/info/faq">frequently asked questions</Link> first – the answer may already be there.
    </p>
  ),
  terms: (
    <p>
      These are the terms for using Husly and for the tenant ad subscription. If you have questions about them,{' '}
      <Link to="/info/contact">write to us</Link>.
    </p>
  ),
};
