/**
 * polytwist players in MediaWiki articles (docs/embedding.md, "MediaWiki gadget").
 *
 * Install as the page MediaWiki:Gadget-polytwist.js, with MediaWiki:Gadget-polytwist.css and this
 * line in MediaWiki:Gadgets-definition:
 *
 *   * polytwist[ResourceLoader|default|type=general]|polytwist.js|polytwist.css
 *
 * Page authors then write, in wikitext:
 *
 *   <div class="polytwist" data-puzzle="pyraminx" data-alg="R U R' U'">R U R' U'</div>
 *
 * or a puzzle by its description: data-description="c f 0.25 f 0.75 f 0".
 *
 * and every such div becomes a <polytwist-player> with the div's data-* values as the player's
 * attributes (only the player's own attributes, copied as attribute values: never as markup).
 * The div's text (the alg) stays as it is until the player script has loaded, and for readers
 * without JavaScript.
 *
 * ES5 on purpose: MediaWiki 1.39 checks gadget scripts with an ES5 parser
 * ($wgResourceLoaderValidateJS) and refuses `import()`, arrow functions and `let`. The player, an
 * ES module, is therefore loaded by adding a <script type="module"> element.
 */
( function () {
	'use strict';

	/**
	 * The polytwist site that serves polytwist-player.js (with its assets/ folder beside it), ending
	 * in "/". Set it here, or with mw.config.set( 'wgPolytwistSite', '…' ) in MediaWiki:Common.js
	 * before this gadget runs. The site must send Access-Control-Allow-Origin (polytwist serve does).
	 */
	var POLYTWIST_SITE = 'https://polytwist.example.org/';

	/** The player's attributes an author may set, as data-NAME on the div (docs/embedding.md). */
	var ATTRIBUTES = [
		'puzzle', 'description', 'alg', 'setup', 'controls', 'background', 'colour-scheme', 'camera', 'size',
		'keyboard', 'numbering', 'numbering-groups', 'load', 'camera-latitude', 'camera-longitude',
		'back-view', 'mirror', 'view', 'hint-stickers', 'stickering', 'mask', 'colors', 'scheme'
	];

	/** The longest attribute value copied (an alg of a few hundred moves fits). */
	var MAX_VALUE_LENGTH = 2000;

	var scriptAdded = false;

	function siteUrl() {
		var site = mw.config.get( 'wgPolytwistSite' ) || POLYTWIST_SITE;
		return site.charAt( site.length - 1 ) === '/' ? site : site + '/';
	}

	/** Adds the player's script to the page once; the browser defines <polytwist-player>. */
	function loadPlayerScript() {
		if ( scriptAdded || window.customElements.get( 'polytwist-player' ) ) {
			return;
		}
		scriptAdded = true;
		var script = document.createElement( 'script' );
		script.type = 'module';
		script.src = siteUrl() + 'polytwist-player.js';
		script.onerror = function () {
			mw.log.warn( 'polytwist gadget: could not load ' + script.src +
				' (the divs keep their text)' );
			// Drop the space reserved for the players: the text is all there will be.
			document.querySelectorAll( 'div.polytwist[data-polytwist-player="loading"]' )
				.forEach( function ( div ) {
					div.setAttribute( 'data-polytwist-player', 'unavailable' );
				} );
		};
		document.head.appendChild( script );
	}

	/** The player for one div: the div's data-* values as its attributes. */
	function playerFor( div ) {
		var player = document.createElement( 'polytwist-player' );
		ATTRIBUTES.forEach( function ( name ) {
			var value = div.getAttribute( 'data-' + name );
			if ( value === null ) {
				return;
			}
			if ( value.length > MAX_VALUE_LENGTH ) {
				mw.log.warn( 'polytwist gadget: data-' + name + ' is longer than ' +
					MAX_VALUE_LENGTH + ' characters: left out' );
				return;
			}
			player.setAttribute( name, value );
		} );
		return player;
	}

	/**
	 * Turns the divs of an article's content into players once the element is defined (until
	 * then, and if the script cannot load, each div shows its text).
	 */
	function upgrade( $content ) {
		var divs = $content.find( 'div.polytwist' ).filter( function () {
			return !this.hasAttribute( 'data-polytwist-player' );
		} ).get();
		if ( !divs.length || !window.customElements ) {
			return;
		}
		divs.forEach( function ( div ) {
			div.setAttribute( 'data-polytwist-player', 'loading' );
		} );
		loadPlayerScript();
		window.customElements.whenDefined( 'polytwist-player' ).then( function () {
			divs.forEach( function ( div ) {
				var player = playerFor( div );
				// The player shows the alg itself, as a move list.
				div.textContent = '';
				div.appendChild( player );
				div.setAttribute( 'data-polytwist-player', 'ready' );
			} );
		} );
	}

	// Article content, and again for previews and content loaded later.
	mw.hook( 'wikipage.content' ).add( upgrade );
}() );
