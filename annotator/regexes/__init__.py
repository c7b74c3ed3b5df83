"""What can be read from a regular expression's pattern without running it: the literal strings
every match needs (:mod:`.literals`) and the short word lists some patterns match
(:mod:`.word_sets`). Shared by the gazetteers and the JAPE compiler; depends on neither."""
